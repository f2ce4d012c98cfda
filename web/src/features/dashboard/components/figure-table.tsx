import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ScrollRegion } from '../../../components/scroll-region';

/** The numbers of a chart as a small accessible table (caption = what the chart shows). */
export function FigureTable<TRow extends object>({ caption, rows, columns, rowKey, testId }: { caption: string; rows: TRow[]; columns: ColumnsType<TRow>; rowKey: keyof TRow & string; testId: string }) {
  return (
    <ScrollRegion label={caption} maxHeight={300}>
      <Table<TRow> size="small" rowKey={rowKey} dataSource={rows} columns={columns} pagination={false} title={() => caption} data-testid={testId} />
    </ScrollRegion>
  );
}
