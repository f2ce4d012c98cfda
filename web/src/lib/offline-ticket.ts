/**
 * The visitor's ticket on the device, for a hall with no mobile data
 * (docs/decisions/0920-the-ticket-opens-with-no-network.md). Each time the ticket page shows the ticket online it
 * saves here what it needs to open again with no network: the viewer (the area's guard reads it), the ticket as
 * the server answered it (the signed token and what its QR is drawn from, holder, visit days), the holder's photo
 * as a small thumbnail, and when; and it asks the service worker (web/service-worker/sw.ts) to keep the page's own
 * files. Signing out or erasing the account forgets all of it.
 */
import type { MyTicketQuery, ViewerQuery } from '../graphql/operations.generated';

type AudienceOfTicketQuery = NonNullable<Extract<MyTicketQuery['viewer'], { __typename: 'User' }>['audience']>;
export type SavedTicket = NonNullable<AudienceOfTicketQuery['ticket']>;

export interface OfflineTicket {
  version: 1;
  viewer: ViewerQuery['viewer'];
  ticket: SavedTicket;
  /** The holder's photo as a data: URL (a thumbnail), or null when the ticket has none or it could not be read. */
  photo: string | null;
  /** When it was saved (ISO). */
  savedAt: string;
}

const STORAGE_KEY = 'portal.offline-ticket';
/** The service worker's cache: its name is the same in web/service-worker/sw.ts. */
const OFFLINE_CACHE = 'portal-offline-ticket-v1';
const SERVICE_WORKER_PATH = '/sw.js';
const THUMBNAIL_HEIGHT = 192;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // A browser that refuses storage (a private window in some WebViews) keeps nothing.
    return undefined;
  }
}

/** The saved ticket, if this device holds one. */
export function readOfflineTicket(): OfflineTicket | null {
  const text = storage()?.getItem(STORAGE_KEY);
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as Partial<OfflineTicket>;
    return saved.version === 1 && saved.viewer && saved.ticket && typeof saved.savedAt === 'string' ? (saved as OfflineTicket) : null;
  } catch {
    return null;
  }
}

/** The holder's photo, small enough to keep in the page's storage (the original stays on the server). */
async function thumbnailOf(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) return null;
    const bitmap = await createImageBitmap(await response.blob());
    const canvas = document.createElement('canvas');
    canvas.height = THUMBNAIL_HEIGHT;
    canvas.width = Math.round((bitmap.width / bitmap.height) * THUMBNAIL_HEIGHT);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  }
}

/** The build's files this page loaded (the entry, its chunks, the language's texts, the style sheets). */
function filesOfThisPage(): string[] {
  const urls = [
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (script) => script.src),
    ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"]'), (link) => link.href),
  ];
  const paths = urls.flatMap((url) => {
    const parsed = new URL(url, location.href);
    return parsed.origin === location.origin && parsed.pathname.startsWith('/assets/') ? [parsed.pathname] : [];
  });
  return [...new Set(paths)];
}

/** Registers the service worker and puts this page and its files in its cache; false where the browser has none. */
async function keepThisPage(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return false;
  await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  await navigator.serviceWorker.ready;
  const wanted = [location.pathname, ...filesOfThisPage()];
  const cache = await caches.open(OFFLINE_CACHE);
  // The page's files of an earlier build are dropped: the cache holds one build's page, never an ever-growing set.
  const kept = await cache.keys();
  await Promise.all(kept.filter((request) => !wanted.includes(new URL(request.url).pathname)).map((request) => cache.delete(request)));
  await cache.addAll(wanted);
  return true;
}

/**
 * Saves the ticket the page shows (online) and the page itself for use with no network; resolves with what was
 * saved, or null when this browser cannot open it offline (no service worker, no storage).
 */
export async function saveOfflineTicket(viewer: ViewerQuery['viewer'], ticket: SavedTicket): Promise<OfflineTicket | null> {
  const store = storage();
  if (!store) return null;
  const earlier = readOfflineTicket();
  // The same photo as last time: its thumbnail is kept rather than downloaded again on every visit.
  const samePhoto = earlier?.photo && earlier.ticket.photo?.id === ticket.photo?.id;
  const saved: OfflineTicket = {
    version: 1,
    viewer,
    ticket,
    photo: samePhoto ? earlier.photo : ticket.photo ? await thumbnailOf(ticket.photo.url) : null,
    savedAt: new Date().toISOString(),
  };
  try {
    store.setItem(STORAGE_KEY, JSON.stringify(saved));
    return (await keepThisPage()) ? saved : null;
  } catch {
    return null;
  }
}

/**
 * Forgets the saved ticket and the page's copy (sign-out, erasure, a ticket that is no more): nothing of the holder
 * stays on the device. Never fails: a browser that refuses one step still has the others done.
 */
export async function forgetOfflineTicket(): Promise<void> {
  storage()?.removeItem(STORAGE_KEY);
  await Promise.allSettled([
    typeof caches === 'undefined' ? undefined : caches.delete(OFFLINE_CACHE),
    'serviceWorker' in navigator ? navigator.serviceWorker.getRegistrations().then((registrations) => Promise.all(registrations.map((registration) => registration.unregister()))) : undefined,
  ]);
}

/** A request that never reached the server (no network, or the connection dropped): fetch rejects with a TypeError. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
