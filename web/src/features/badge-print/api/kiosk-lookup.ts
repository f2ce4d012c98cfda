import { useQuery } from '@tanstack/react-query';
import { KioskLookupDocument, type KioskLookupQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type KioskTicket = KioskLookupQuery['kioskLookup'][number];

/** The kiosk's look-up of what was scanned or typed: a QR's text names one ticket, a number or a name up to ten. */
export function useKioskLookup(query: string | null) {
  return useQuery({
    queryKey: ['badge-print', 'kiosk', query],
    queryFn: ({ signal }) => graphqlRequest(KioskLookupDocument, { query: query ?? '' }, signal).then((data) => data.kioskLookup),
    enabled: query !== null,
  });
}
