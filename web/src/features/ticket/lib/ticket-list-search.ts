import { ticketFilterFromQuery, ticketFilterToSearch } from '@portal/shared/ticket/ticket-office.schema';
import { ZTicketFilter, type TTicketFilter } from '@portal/shared/ticket/ticket.schema';
import { PAGE_SIZES } from '@portal/shared/review/audience-list';

export interface TicketListState {
  filter: TTicketFilter;
  page: number;
  pageSize: number;
}

export const DEFAULT_TICKET_PAGE_SIZE: number = PAGE_SIZES[0];

function positiveInteger(value: string | null): number | null {
  return value && /^\d{1,7}$/.test(value) ? Number(value) : null;
}

/**
 * The list's state from its URL query: the export's filter names (`kind`, `status`, `day`, `admitted`,
 * `faceChecked`, `keyword`) and `page`, `size`. A malformed filter is dropped, so a hand-edited link
 * still opens a list.
 */
export function ticketListOf(search: URLSearchParams): TicketListState {
  const parsed = ZTicketFilter.safeParse(ticketFilterFromQuery(Object.fromEntries(search)));
  const size = positiveInteger(search.get('size'));
  return {
    filter: parsed.success ? parsed.data : {},
    page: positiveInteger(search.get('page')) || 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_TICKET_PAGE_SIZE,
  };
}

/** The URL query of a list state; defaults are left out. */
export function ticketListSearchOf(state: TicketListState): URLSearchParams {
  const search = new URLSearchParams(ticketFilterToSearch(state.filter));
  if (state.page > 1) search.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_TICKET_PAGE_SIZE) search.set('size', String(state.pageSize));
  return search;
}
