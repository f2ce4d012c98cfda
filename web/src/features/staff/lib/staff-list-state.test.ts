import { describe, expect, it } from 'vitest';
import { ZStaffListInput } from '@portal/shared/staff/staff.schema';
import { listInputOf, listSearchOf } from '../../../lib/list-state';

describe('staff list URL state', () => {
  it('opens on every account, first page, 20 a page, and writes nothing for it', () => {
    const input = listInputOf(ZStaffListInput, new URLSearchParams());
    expect(input).toEqual({ keyword: null, role: null, disabled: null, page: 1, pageSize: 20 });
    expect(listSearchOf(ZStaffListInput, input).toString()).toBe('');
  });

  it('round-trips the keyword, role, state and paging', () => {
    const search = new URLSearchParams({ keyword: '王', role: 'ROLE_TICKET', disabled: 'true', page: '2', pageSize: '50' });
    const input = listInputOf(ZStaffListInput, search);
    expect(input).toEqual({ keyword: '王', role: 'ROLE_TICKET', disabled: true, page: 2, pageSize: 50 });
    expect(listSearchOf(ZStaffListInput, input).toString()).toBe(search.toString());
    expect(listInputOf(ZStaffListInput, new URLSearchParams('disabled=false')).disabled).toBe(false);
  });

  it('a malformed value takes its default', () => {
    expect(listInputOf(ZStaffListInput, new URLSearchParams({ role: 'ROLE_KING', disabled: 'perhaps', page: '0', pageSize: '9999' }))).toEqual({
      keyword: null,
      role: null,
      disabled: null,
      page: 1,
      pageSize: 20,
    });
  });
});
