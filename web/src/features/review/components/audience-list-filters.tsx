import { Button, Checkbox, DatePicker, Flex, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KEYWORD_MAX_LENGTH, REVIEW_STATUSES, type AudienceListFilter, type ReviewStatus } from '@portal/shared/review/audience-list';
import { useAudienceFilterOptions } from '../api/audience-filter-options';
import { filterKeyOf, hasFilter } from '../lib/list-url';

/** How long typing pauses before the keyword is searched. */
export const KEYWORD_DEBOUNCE_MS = 400;
const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * The keyword box: searches once typing pauses, at once on Enter; follows the URL when it changes
 * (back, clear). One search per keyword: Enter (or a URL change) cancels the pending pause timer, so
 * that it cannot fire afterwards and write the list's URL a second time over what happened since
 * (a click on a result that opened its detail).
 */
export function KeywordSearch({ value, onSearch }: { value: string | null; onSearch: (keyword: string | null) => void }) {
  const { t } = useTranslation('review');
  const [draft, setDraft] = useState(value ?? '');
  const sent = useRef(value ?? '');
  const timer = useRef<number | undefined>(undefined);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  useEffect(() => {
    window.clearTimeout(timer.current);
    sent.current = value ?? '';
    setDraft(value ?? '');
  }, [value]);
  useEffect(() => {
    window.clearTimeout(timer.current);
    if (draft.trim() === sent.current.trim()) return undefined;
    const pending = window.setTimeout(() => {
      sent.current = draft;
      onSearchRef.current(draft.trim() || null);
    }, KEYWORD_DEBOUNCE_MS);
    timer.current = pending;
    return () => window.clearTimeout(pending);
  }, [draft]);
  return (
    <Input.Search
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onSearch={(keyword) => {
        window.clearTimeout(timer.current);
        if (keyword.trim() === sent.current.trim()) return;
        sent.current = keyword;
        onSearch(keyword.trim() || null);
      }}
      allowClear
      maxLength={KEYWORD_MAX_LENGTH}
      placeholder={t('filters.keyword')}
      aria-label={t('filters.keyword')}
      style={{ width: 260 }}
      data-testid="review-filter-keyword"
    />
  );
}

interface FiltersProps {
  filter: AudienceListFilter;
  onChange: (patch: Partial<AudienceListFilter>) => void;
  onReset: () => void;
}

/**
 * The list's filters; every change is written to the URL by the page. They render again only when the filter
 * itself changes, not on a new page or order (a page click stays cheap: DESIGN §7, INP).
 */
export const AudienceListFilters = memo(
  function AudienceListFilters({ filter, onChange, onReset }: FiltersProps) {
    const { t, i18n } = useTranslation('review');
    const options = useAudienceFilterOptions(i18n.language);
    const range: [Dayjs | null, Dayjs | null] | null =
      filter.submittedFrom || filter.submittedTo ? [filter.submittedFrom ? dayjs(filter.submittedFrom) : null, filter.submittedTo ? dayjs(filter.submittedTo) : null] : null;
    return (
      <Flex wrap gap={12} align="center" role="search" aria-label={t('filters.label')} data-testid="review-filters">
        <KeywordSearch value={filter.keyword} onSearch={(keyword) => onChange({ keyword })} />
        <Select<ReviewStatus[]>
          mode="multiple"
          allowClear
          value={filter.statuses}
          onChange={(statuses) => onChange({ statuses })}
          options={REVIEW_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          placeholder={t('filters.status')}
          aria-label={t('filters.status')}
          maxTagCount="responsive"
          style={{ width: 220 }}
          data-testid="review-filter-status"
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(dates) => onChange({ submittedFrom: dates?.[0]?.format(DAY_FORMAT) ?? null, submittedTo: dates?.[1]?.format(DAY_FORMAT) ?? null })}
          allowEmpty={[true, true]}
          format={DAY_FORMAT}
          placeholder={[t('filters.submittedFrom'), t('filters.submittedTo')]}
          aria-label={t('filters.submitted')}
          style={{ width: 260 }}
          data-testid="review-filter-submitted"
        />
        <Select<string>
          allowClear
          value={filter.visitDate ?? undefined}
          onChange={(visitDate) => onChange({ visitDate: visitDate ?? null })}
          options={(options.data?.showDays ?? []).map((showDay) => ({ value: showDay.day, label: showDay.day }))}
          loading={options.isPending}
          placeholder={t('filters.visitDate')}
          aria-label={t('filters.visitDate')}
          style={{ width: 160 }}
          data-testid="review-filter-visit-date"
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filter.channelId ?? undefined}
          onChange={(channelId) => onChange({ channelId: channelId ?? null })}
          options={(options.data?.channels ?? []).map((channel) => ({ value: channel.id, label: channel.name }))}
          loading={options.isPending}
          placeholder={t('filters.channel')}
          aria-label={t('filters.channel')}
          style={{ width: 180 }}
          data-testid="review-filter-channel"
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filter.groupId ?? undefined}
          onChange={(groupId) => onChange({ groupId: groupId ?? null })}
          options={(options.data?.visitorGroups ?? []).map((group) => ({ value: group.id, label: group.name }))}
          loading={options.isPending}
          placeholder={t('filters.group')}
          aria-label={t('filters.group')}
          style={{ width: 180 }}
          data-testid="review-filter-group"
        />
        <Checkbox checked={filter.counterCheck} onChange={(event) => onChange({ counterCheck: event.target.checked })} data-testid="review-filter-counter-check">
          {t('filters.counterCheck')}
        </Checkbox>
        <Button onClick={onReset} disabled={!hasFilter(filter)} data-testid="review-filter-reset">
          {t('filters.reset')}
        </Button>
      </Flex>
    );
  },
  (before: FiltersProps, after: FiltersProps) => filterKeyOf(before.filter) === filterKeyOf(after.filter) && before.onChange === after.onChange && before.onReset === after.onReset,
);
