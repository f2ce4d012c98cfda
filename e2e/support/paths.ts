/** The portal's routes, read from the app's own list (web/src/app/paths.ts), so that a moved route moves the tests too. */
import { PATHS } from '../../web/src/app/paths';

export { loginPath, PATHS } from '../../web/src/app/paths';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Matches exactly this path (a URL's pathname). */
export function exactPath(path: string): RegExp {
  return new RegExp(`^${escape(path)}$`);
}

/** Matches this path and everything under it. */
export function pathUnder(path: string): RegExp {
  return new RegExp(`^${escape(path)}`);
}

/** The visitor pages, as waitForPath patterns. */
export const visitorPaths = {
  info: exactPath(PATHS.visitorInfo),
  edit: exactPath(PATHS.visitorInfoEdit),
  ticket: exactPath(PATHS.visitorTicket),
  visitDate: exactPath(PATHS.visitorVisitDate),
  record: exactPath(PATHS.visitorRecord),
};
