import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SubmissionHistory } from './submission-history';
import { SUBMISSION_STATUS_COLORS } from './submission-status-tag';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', resources: {}, showSupportNotice: false } as Parameters<typeof i18next.init>[0]);
});
afterEach(cleanup);

describe('the review history', () => {
  it('marks each change with its state’s colour, never the brand crimson for all', () => {
    const at = '2026-11-20T02:00:00.000Z';
    const { container } = render(
      <SubmissionHistory
        testId="history"
        changes={[
          { fromStatus: null, toStatus: 'PENDING', reason: null, actorName: null, at },
          { fromStatus: 'PENDING', toStatus: 'REJECTED', reason: 'blurred', actorName: 'Ann', at },
          { fromStatus: 'REJECTED', toStatus: 'PENDING', reason: null, actorName: null, at },
          { fromStatus: 'PENDING', toStatus: 'APPROVED', reason: null, actorName: 'Ann', at },
        ]}
      />,
    );
    const styles = Array.from(container.querySelectorAll<HTMLElement>('.ant-timeline-item')).map((item) => item.getAttribute('style') ?? '');
    expect(styles).toHaveLength(4);
    (['PENDING', 'REJECTED', 'PENDING', 'APPROVED'] as const).forEach((status, index) => expect(styles[index]).toContain(SUBMISSION_STATUS_COLORS[status]));
  });
});
