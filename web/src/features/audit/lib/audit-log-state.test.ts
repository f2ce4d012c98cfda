import { describe, expect, it } from 'vitest';
import { AUDIT_DEFAULT_PAGE_SIZE, ZAuditLogInput } from '@portal/shared/audit/audit-log';
import { listInputOf, listSearchOf } from '../../../lib/list-state';
import { auditLogExportHref } from '../api/audit-log';

const DEFAULTS = { pageSize: AUDIT_DEFAULT_PAGE_SIZE };
const EMPTY_FILTER = { actorId: null, person: null, actions: null, subjectType: null, subjectId: null, from: null, to: null };
const read = (query: string) => listInputOf(ZAuditLogInput, new URLSearchParams(query), DEFAULTS);

describe('the audit page URL', () => {
  it('reads and writes the filter, the page and its size with the export link’s names', () => {
    const state = read('person=li&actions=audience.view,audience.export&subjectType=audience&from=2026-12-24T07:00:00%2B08:00&before=1234&pageSize=100');
    expect(state).toEqual({
      filter: { ...EMPTY_FILTER, person: 'li', actions: ['audience.view', 'audience.export'], subjectType: 'audience', from: new Date('2026-12-23T23:00:00Z') },
      before: '1234',
      pageSize: 100,
    });
    expect(listSearchOf(ZAuditLogInput, state, DEFAULTS).toString()).toBe('person=li&actions=audience.view%2Caudience.export&subjectType=audience&from=2026-12-23T23%3A00%3A00.000Z&before=1234&pageSize=100');
    expect(auditLogExportHref(state.filter ?? {})).toBe('/apis/files/exports/audit-log.xlsx?person=li&actions=audience.view%2Caudience.export&subjectType=audience&from=2026-12-23T23%3A00%3A00.000Z');
    expect(listSearchOf(ZAuditLogInput, read(''), DEFAULTS).toString()).toBe('');
  });

  it('drops what a hand-edited link got wrong and keeps the rest', () => {
    expect(read('person=li&actions=drop.tables&before=-1&pageSize=7')).toEqual({ filter: { ...EMPTY_FILTER, person: 'li' }, before: null, pageSize: 50 });
    expect(read('from=2026-12-25T00:00:00Z&to=2026-12-24T00:00:00Z&subjectId=abc').filter).toEqual({ ...EMPTY_FILTER, from: new Date('2026-12-25T00:00:00Z'), subjectId: 'abc' });
    expect(auditLogExportHref({})).toBe('/apis/files/exports/audit-log.xlsx');
  });
});
