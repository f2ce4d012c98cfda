import { useEffect, useState } from 'react';
import { forgetOfflineTicket, isNetworkFailure, readOfflineTicket, saveOfflineTicket, type SavedTicket } from '../../../lib/offline-ticket';
import type { ViewerQuery } from '../../../graphql/operations.generated';
import { useMyTicket } from '../api/my-ticket';
import { loadQrEncoder } from './qr-encoder';

/**
 * Where the shown ticket comes from: the server (`saving` while the device keeps a copy, then `ready`, or
 * `unavailable` where this browser cannot open it offline) or, with no network, the copy saved earlier (`offline`).
 */
export type TicketSource =
  | { kind: 'saving' }
  | { kind: 'ready'; savedAt: string }
  | { kind: 'unavailable' }
  | { kind: 'offline'; savedAt: string };

export interface TicketOnDevice {
  query: ReturnType<typeof useMyTicket>;
  /** The ticket to show: the server's, else the saved copy while there is no network; null: no ticket. */
  ticket: SavedTicket | null | undefined;
  /** The holder's photo: the authorised URL online, the saved thumbnail offline. */
  photoUrl: string | undefined;
  source: TicketSource;
}

/** The visitor's ticket, saved on the device each time it is shown online and shown from there with no network. */
export function useTicketOnDevice(viewer: ViewerQuery['viewer'] | undefined): TicketOnDevice {
  const query = useMyTicket();
  const [source, setSource] = useState<TicketSource>({ kind: 'saving' });
  const online = query.data;

  useEffect(() => {
    // No ticket any more (withdrawn, approval revoked): no copy of one on the device either.
    if (online === null) void forgetOfflineTicket();
    if (!online || !viewer) return;
    let current = true;
    setSource({ kind: 'saving' });
    // A rotating QR is drawn by the encoder's chunk: loaded before the page's files are saved, so that they hold it.
    void (online.qrSecret ? loadQrEncoder() : Promise.resolve())
      .then(() => saveOfflineTicket(viewer, online))
      .catch(() => null)
      .then((saved) => {
        if (current) setSource(saved ? { kind: 'ready', savedAt: saved.savedAt } : { kind: 'unavailable' });
      });
    return () => {
      current = false;
    };
  }, [online, viewer]);

  if (query.isError && isNetworkFailure(query.error)) {
    const saved = readOfflineTicket();
    if (saved) return { query, ticket: saved.ticket, photoUrl: saved.photo ?? undefined, source: { kind: 'offline', savedAt: saved.savedAt } };
  }
  return { query, ticket: online, photoUrl: online?.photo?.url, source };
}
