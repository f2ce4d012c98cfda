import type { TFunction } from 'i18next';
import type { BadgeQuotaFieldsFragment } from '../../../graphql/operations.generated';

/** Square metres as written: 36, 40.5, 12.25. */
const area = (value: number) => String(Number(value.toFixed(2)));

/**
 * How a company's badge limit was reached, in one line of the viewer's language (namespace `badge-quota`):
 * "36 m² shell scheme: 1 per 9 m² → 4 (minimum 2); + 2 paid extra = 6", or "Set by the organizer: 10".
 */
export function badgeQuotaText(quota: BadgeQuotaFieldsFragment, t: TFunction): string {
  const paid = quota.paidExtra > 0 ? t('badge-quota:explain.paid', { paid: quota.paidExtra, limit: quota.limit }) : '';
  const rule = quota.rule;
  if (quota.source === 'OVERRIDE' || !rule) return t('badge-quota:explain.override', { count: quota.base }) + paid;
  if (!quota.boothType) return t('badge-quota:explain.noType', { count: quota.base }) + paid;
  const type = t(`badge-quota:boothType.${quota.boothType}`);
  if (quota.boothArea === null || quota.boothArea === undefined || quota.byArea === null || quota.byArea === undefined) return t('badge-quota:explain.noArea', { type, count: quota.base }) + paid;
  const steps = t('badge-quota:explain.byArea', { area: area(quota.boothArea), type, per: area(rule.areaPerBadge), count: quota.byArea });
  const clamped = quota.base !== quota.byArea ? t('badge-quota:explain.clamped', { count: quota.base }) : '';
  const bounds = rule.maximum === null || rule.maximum === undefined ? t('badge-quota:explain.minimum', { min: rule.minimum }) : t('badge-quota:explain.minimumMaximum', { min: rule.minimum, max: rule.maximum });
  return steps + clamped + bounds + paid;
}
