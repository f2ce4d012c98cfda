import { Drawer, Flex } from 'antd';
import type { ComponentType, ReactNode } from 'react';

export interface SubmissionDetailDrawerProps<TRow> {
  /** The item shown; null while the drawer closes. */
  row: TRow | null;
  title: string;
  /** Prefix of every test id ("catalog-queue"). */
  testId: string;
  onClose: () => void;
  /** Above the kind's detail: the state and the exhibitor. */
  header: ReactNode;
  /** Below it: the decision buttons the item's state allows. */
  actions: ReactNode;
  /** The kind's own detail (its chunk loads with this drawer's). */
  Detail: ComponentType<{ row: TRow }>;
}

/**
 * The detail drawer of a submission queue (components/submission-queue.tsx). Its own chunk with antd's Drawer
 * and each kind's detail (Descriptions, Image, Timeline): they load when an organizer first opens an item, not
 * with the list (DESIGN §7).
 */
export function SubmissionDetailDrawer<TRow>({ row, title, testId, onClose, header, actions, Detail }: SubmissionDetailDrawerProps<TRow>) {
  return (
    <Drawer open={row !== null} size="large" title={title} onClose={onClose} rootClassName="submission-detail" data-testid={`${testId}-detail`}>
      {row ? (
        <Flex vertical gap="middle">
          {header}
          <Detail row={row} />
          {actions}
        </Flex>
      ) : null}
    </Drawer>
  );
}
