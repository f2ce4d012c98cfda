import { Input } from 'antd';
import type { CSSProperties } from 'react';

interface KeywordFilterProps {
  /** The keyword the list is filtered by now (the URL's): the box shows it, and starts again when it changes. */
  value: string | null | undefined;
  /** The box's placeholder and accessible name. */
  label: string;
  maxLength: number;
  /** The trimmed keyword, or null when the box was cleared or holds only spaces. */
  onSearch: (keyword: string | null) => void;
  /** The text of a search button beside the box (none: Enter and the magnifier search). */
  searchText?: string;
  style?: CSSProperties;
  testId: string;
}

/** The keyword box of a back-office list's filters: searched on Enter, cleared with its ×, kept in step with the URL. */
export function KeywordFilter({ value, label, maxLength, onSearch, searchText, style, testId }: KeywordFilterProps) {
  return (
    <Input.Search
      key={value ?? ''}
      defaultValue={value ?? ''}
      allowClear
      maxLength={maxLength}
      placeholder={label}
      aria-label={label}
      enterButton={searchText}
      onSearch={(keyword) => onSearch(keyword.trim() || null)}
      style={style}
      data-testid={testId}
    />
  );
}
