import { describe, expect, it } from 'vitest';
import { auditLogExportHref, auditLogSearchOf, auditLogStateOf } from './audit-log-url';

describe('the audit page URL', () => {
  it('reads and writes the filter, the page and its size with the export link’s names', () => {
    const search = new URLSearchParams('person=li&actions=audience.view,audience.export&subjectType=audience&from=2026-12-24T07:00:00%2B08:00&before=1234&pageSize=100');
    const state = auditLogStateOf(search);
    expect(state).toEqual({
      filter: { person: 'li', actions: ['audience.view', 'audience.export'], subjectType: 'audience', from: new Date('2026-12-23T23:00:00Z') },
      before: '1234',
      pageSize: 100,
    });
    expect(auditLogSearchOf(state).toString()).toBe('person=li&actions=audience.view%2Caudience.export&subjectType=audience&from=2026-12-23T23%3A00%3A00.000Z&before=1234&pageSize=100');
    expect(auditLogExportHref(state.filter)).toBe('/apis/files/exports/audit-log.xlsx?person=li&actions=audience.view%2Caudience.export&subjectType=audience&from=2026-12-23T23%3A00%3A00.000Z');
  });

  it('drops what a hand-edited link got wrong and keeps the rest', () => {
    expect(auditLogStateOf(new URLSearchParams('person=li&actions=drop.tables&before=-1&pageSize=7'))).toEqual({ filter: { person: 'li' }, before: null, pageSize: 50 });
    expect(auditLogStateOf(new URLSearchParams('from=2026-12-25T00:00:00Z&to=2026-12-24T00:00:00Z&subjectId=abc')).filter).toEqual({ subjectId: 'abc' });
    expect(auditLogExportHref({})).toBe('/apis/files/exports/audit-log.xlsx');
  });
});
