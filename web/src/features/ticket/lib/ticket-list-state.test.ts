import { describe, expect, it } from 'vitest';
import { ZTicketListInput } from '@portal/shared/ticket/ticket.schema';
import { listInputOf, listSearchOf } from '../../../lib/list-state';

const EMPTY_FILTER = { kind: null, status: null, day: null, admitted: null, faceChecked: null, keyword: null };

describe('the ticket list in the URL', () => {
  it('reads back what it wrote, defaults left out', () => {
    const state = { filter: { kind: 'IMPORTED' as const, status: 'REVOKED' as const, day: '2030-05-01', admitted: false, faceChecked: true, keyword: 'Acme' }, page: 3, pageSize: 50 };
    const search = listSearchOf(ZTicketListInput, state);
    expect(search.toString()).toBe('kind=IMPORTED&status=REVOKED&day=2030-05-01&admitted=false&faceChecked=true&keyword=Acme&page=3&pageSize=50');
    expect(listInputOf(ZTicketListInput, search)).toEqual(state);
    expect(listSearchOf(ZTicketListInput, listInputOf(ZTicketListInput, new URLSearchParams())).toString()).toBe('');
  });

  it('opens the plain list when a link was edited by hand', () => {
    expect(listInputOf(ZTicketListInput, new URLSearchParams('kind=NOPE&day=tomorrow&admitted=yes&page=-1&pageSize=700'))).toEqual({ filter: EMPTY_FILTER, page: 1, pageSize: 20 });
  });
});
