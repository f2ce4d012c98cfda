import { DECISION_RULES, type DecisionRule, type SubmissionKind } from '@portal/shared/submission/submission.schema';
import type { Locale } from '@portal/shared/i18n/locales';
import type { Executor } from '../../db/client';
import type { ReviewRow, ReviewTableQueries } from '../../lib/submission-tables';
import type { AccountModel } from '../account/account.models';
import type { ExhibitorModel } from '../exhibitor/exhibitor.models';
import type { OutgoingMessage } from '../messaging/message-channel';
import type { Messenger } from '../messaging/messenger.service';

/** Someone told of a decision, with the language the notice is written in. */
export interface NoticeRecipient {
  email: string | null;
  mobile: string | null;
  locale: Locale;
}

/** The messenger's review notices, the only part of it a spec writes with. */
export type ReviewMessenger = Pick<Messenger, 'submissionReviewed' | 'badgeReviewed'>;

/**
 * What makes a kind of filing reviewable (badges, catalog entries, banners, products): the one review
 * workflow (submission-workflow.service.ts) does the rest — filing, editing, resubmitting, deciding one or
 * many, the history, the audit rows and the notices, in one transaction. A fifth kind is a spec like these,
 * a table that spreads `reviewColumns()` with its `submissionHistoryTable()`, and a form.
 */
export interface SubmissionSpec<TRow extends ReviewRow> {
  /** The audit rows' subject type and action prefix (`badge.approve`), the history's and the notices' kind. */
  kind: SubmissionKind;
  /** The kind's table and its history table. */
  queries: ReviewTableQueries<TRow>;
  /** Which states a decision applies to (shared/src/submission: DECISION_RULES). */
  rule: DecisionRule;
  /** Who of the company's enabled accounts hears of a decision (a badge: the account that applied; else all of them). */
  recipients(row: TRow, companyAccounts: readonly AccountModel[]): readonly AccountModel[];
  /** The notice of a decision to one recipient, written in the recipient's language. */
  notice(tx: Executor, messenger: ReviewMessenger, to: NoticeRecipient, row: TRow): Promise<OutgoingMessage[]>;
  /**
   * A limit a filing must hold, checked under the company row's lock (taken before the item's): the
   * badge quota. `before` is the item being edited (null for a new one).
   */
  holdLimits?(tx: Executor, filing: { company: ExhibitorModel; before: TRow | null }): Promise<void>;
  /** What follows every change of an item in the same transaction (a badge's gate ticket). */
  afterChange?(tx: Executor, row: TRow): Promise<void>;
}

/**
 * The spec of a catalog entry, banner or product application: every enabled account of the company hears
 * of a decision; `titleOf` names the item in the notice ("摩途科技" for a catalog entry, a product's name).
 */
export function companyFilingSpec<TRow extends ReviewRow, TQueries extends ReviewTableQueries<TRow>>(
  kind: 'catalog' | 'banner' | 'product',
  queries: TQueries,
  titleOf: (row: TRow) => string,
): SubmissionSpec<TRow> & { queries: TQueries } {
  return {
    kind,
    queries,
    rule: DECISION_RULES[kind],
    recipients: (_row, companyAccounts) => companyAccounts,
    notice: (tx, messenger, to, row) =>
      messenger.submissionReviewed(tx, [to], { outcome: row.status === 'APPROVED' ? 'approved' : 'rejected', kind, title: titleOf(row), reason: row.rejectReason }, to.locale),
  };
}
