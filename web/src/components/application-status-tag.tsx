import { Tag } from 'antd';
import type { ApproveStatus } from '@portal/shared/application/application-status';

/** Solid tags with white text: antd's light presets (green on pale green) fall below 4.5:1. */
export const APPLICATION_STATUS_COLORS: Record<ApproveStatus, string> = { CREATED: '#595959', WAIT: '#0958d9', DONE: '#237804', REFUSE: '#c8102e' };

/**
 * An application's state as a tag, one colour per state wherever it is shown (the visitor's page,
 * the organizer's list and detail). The caller gives the translated label (each page words it for
 * its reader) and its test id; `data-status` is stable for tests.
 */
export function ApplicationStatusTag({ status, label, testId }: { status: ApproveStatus; label: string; testId: string }) {
  return (
    <Tag color={APPLICATION_STATUS_COLORS[status]} data-testid={testId} data-status={status} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}
