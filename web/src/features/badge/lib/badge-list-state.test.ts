import { describe, expect, it } from 'vitest';
import { ZBadgeListInput } from '@portal/shared/badge/badge.schema';
import { QUEUE_DEFAULTS, ZSubmissionQueueInput } from '@portal/shared/submission/submission.schema';
import { listInputOf, listSearchOf } from '../../../lib/list-state';
import { badgeExportHref, badgeListInputOf } from '../api/badges';

describe("the exhibitor's badge list in the URL", () => {
  it('round-trips the status, the created range (instants), the keyword and paging; defaults left out', () => {
    const search = new URLSearchParams({ status: 'REJECTED', createdFrom: '2026-11-01T00:00:00.000Z', keyword: '张', page: '3', pageSize: '50' });
    const input = listInputOf(ZBadgeListInput, search);
    expect(input).toEqual({ status: 'REJECTED', createdFrom: new Date('2026-11-01T00:00:00.000Z'), createdTo: null, exhibitorId: null, keyword: '张', page: 3, pageSize: 50 });
    expect(listSearchOf(ZBadgeListInput, input).toString()).toBe(search.toString());
    expect(listSearchOf(ZBadgeListInput, listInputOf(ZBadgeListInput, new URLSearchParams())).toString()).toBe('');
  });

  it('a malformed value takes its default', () => {
    expect(listInputOf(ZBadgeListInput, new URLSearchParams('status=LOST&createdTo=yesterday&page=-2&pageSize=700'))).toMatchObject({ status: null, createdTo: null, page: 1, pageSize: 20 });
  });

  it('exports the filter, never the page', () => {
    expect(badgeExportHref({ status: 'PENDING' }, 'zip')).toBe('/apis/files/exports/badges.zip?status=PENDING');
    expect(badgeExportHref({}, 'xlsx')).toBe('/apis/files/exports/badges.xlsx');
  });
});

describe("the organizers' badge queue in the URL", () => {
  it('its days become whole Beijing days of the badge list input', () => {
    const input = listInputOf(ZSubmissionQueueInput, new URLSearchParams({ submittedFrom: '2026-11-23', submittedTo: '2026-11-23', keyword: 'Wang' }), QUEUE_DEFAULTS);
    expect(badgeListInputOf(input)).toMatchObject({
      status: 'PENDING',
      createdFrom: new Date('2026-11-22T16:00:00.000Z'),
      createdTo: new Date('2026-11-23T15:59:59.999Z'),
      keyword: 'Wang',
      page: 1,
      pageSize: 20,
    });
  });
});
