import type { TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';

interface ListPaginationOptions {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  /** The exact total in words ("128 in all"). */
  totalText: (total: number) => ReactNode;
  totalTestId?: string;
  /** A new page, or a new page size (which starts again at page 1: the old page may not exist at the new size). */
  onChange?: (page: number, pageSize: number) => void;
}

/** The pagination of a back-office list (antd's Table): its page, its page sizes and its exact total, one way everywhere. */
export function listPagination({ page, pageSize, total, pageSizes, totalText, totalTestId, onChange }: ListPaginationOptions): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: pageSizes.map(String),
    showTotal: (count) => <span data-testid={totalTestId}>{totalText(count)}</span>,
    onChange: onChange && ((next, size) => onChange(size === pageSize ? next : 1, size)),
  };
}
