import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ScrollRegion } from './scroll-region';

/** Rows a figure table shows at once: about the chart's height beside it, so that no row is cut. */
export const FIGURE_TABLE_PAGE_SIZE = 7;

/**
 * The numbers of a chart as a small accessible table (caption = what the chart shows): every row whole,
 * paged beyond `FIGURE_TABLE_PAGE_SIZE` rather than cut by a scroll box; sideways scrolling on a phone.
 */
export function FigureTable<TRow extends object>({ caption, rows, columns, rowKey, testId }: { caption: string; rows: TRow[]; columns: ColumnsType<TRow>; rowKey: keyof TRow & string; testId: string }) {
  return (
    <ScrollRegion label={caption}>
      <Table<TRow>
        size="small"
        rowKey={rowKey}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: FIGURE_TABLE_PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false, size: 'small' }}
        title={() => caption}
        data-testid={testId}
      />
    </ScrollRegion>
  );
}
