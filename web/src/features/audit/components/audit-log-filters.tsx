import { Button, DatePicker, Flex, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_PERSON_MAX_LENGTH,
  AUDIT_SUBJECT_ID_MAX_LENGTH,
  AUDIT_SUBJECT_TYPES,
  auditActionKey,
  auditSubjectKey,
  type AuditAction,
  type AuditSubjectType,
  type TAuditLogFilter,
} from '@portal/shared/audit/audit-log';
import { instantOfPickerValue, pickerValueOf } from '../../../lib/format/beijing-picker';
import { PICKER_DATE_TIME_FORMAT } from '../../../lib/format/date-time';
import { KeywordFilter } from '../../../components/keyword-filter';

/** The audit page's filters; every change goes to the URL through `onChange`. */
export function AuditLogFilters({ filter, actorName, onChange, onReset }: { filter: TAuditLogFilter; actorName: string | null; onChange: (patch: Partial<TAuditLogFilter>) => void; onReset: () => void }) {
  const { t } = useTranslation(['audit-log', 'audit']);
  const range: [Dayjs | null, Dayjs | null] | null = filter.from || filter.to ? [pickerValueOf(filter.from), pickerValueOf(filter.to)] : null;
  return (
    <Flex wrap gap="small" align="center" role="search" aria-label={t('filters.label')} data-testid="audit-filters">
      {filter.actorId ? (
        <Tag closable onClose={() => onChange({ actorId: null })} data-testid="audit-filter-actor">
          {t('filters.actor', { name: actorName ?? filter.actorId })}
        </Tag>
      ) : null}
      <KeywordFilter
        value={filter.person}
        label={t('filters.person')}
        maxLength={AUDIT_PERSON_MAX_LENGTH}
        style={{ width: 300 }}
        onSearch={(person) => onChange({ person })}
        testId="audit-filter-person"
      />
      <Select<AuditAction[]>
        mode="multiple"
        allowClear
        showSearch
        optionFilterProp="label"
        maxTagCount="responsive"
        style={{ minWidth: 260 }}
        value={filter.actions ?? []}
        onChange={(actions) => onChange({ actions: actions.length ? actions : null })}
        options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit:${auditActionKey(action)}`) }))}
        placeholder={t('filters.actions')}
        aria-label={t('filters.actions')}
        data-testid="audit-filter-actions"
      />
      <Select<AuditSubjectType>
        allowClear
        style={{ minWidth: 160 }}
        value={filter.subjectType ?? undefined}
        onChange={(subjectType) => onChange({ subjectType: subjectType ?? null })}
        options={AUDIT_SUBJECT_TYPES.map((type) => ({ value: type, label: t(`audit:${auditSubjectKey(type)}`) }))}
        placeholder={t('filters.subjectType')}
        aria-label={t('filters.subjectType')}
        data-testid="audit-filter-subject-type"
      />
      <KeywordFilter
        value={filter.subjectId}
        label={t('filters.subjectId')}
        maxLength={AUDIT_SUBJECT_ID_MAX_LENGTH}
        style={{ width: 220 }}
        onSearch={(subjectId) => onChange({ subjectId })}
        testId="audit-filter-subject-id"
      />
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format={PICKER_DATE_TIME_FORMAT}
        value={range}
        onChange={(value) => onChange({ from: instantOfPickerValue(value?.[0], false), to: instantOfPickerValue(value?.[1], true) })}
        placeholder={[t('filters.from'), t('filters.to')]}
        aria-label={t('filters.time')}
        data-testid="audit-filter-time"
      />
      <Button onClick={onReset} data-testid="audit-filter-reset">
        {t('filters.reset')}
      </Button>
    </Flex>
  );
}
