import { describe, expect, it } from 'vitest';
import { ticketListOf, ticketListSearchOf } from './ticket-list-search';

describe('the ticket list in the URL', () => {
  it('reads back what it wrote, defaults left out', () => {
    const state = { filter: { kind: 'IMPORTED' as const, status: 'REVOKED' as const, day: '2030-05-01', admitted: false, faceChecked: true, keyword: 'Acme' }, page: 3, pageSize: 50 };
    const search = ticketListSearchOf(state);
    expect(search.toString()).toBe('kind=IMPORTED&status=REVOKED&day=2030-05-01&admitted=false&faceChecked=true&keyword=Acme&page=3&size=50');
    expect(ticketListOf(search)).toEqual(state);
    expect(ticketListSearchOf(ticketListOf(new URLSearchParams())).toString()).toBe('');
  });

  it('opens the plain list when a link was edited by hand', () => {
    expect(ticketListOf(new URLSearchParams('kind=NOPE&page=-1&size=7'))).toEqual({ filter: {}, page: 1, pageSize: 20 });
  });
});
