/**
 * Where the browser goes after sign-out (SPEC 2): the show's website, unless the setting holds no real
 * website — none, or an address under a name reserved for examples (RFC 2606/6761: example.com, .net, .org,
 * and the .example, .test, .invalid and .localhost domains), as the demo show's does. A browser sent there
 * finds no site; the portal's own sign-in page is the better landing.
 */
const RESERVED_EXAMPLE_DOMAINS = ['example.com', 'example.net', 'example.org'];
const RESERVED_TOP_LEVEL = ['example', 'test', 'invalid', 'localhost'];

/** Whether `url` names a website a browser can reach: a URL whose host is not reserved for examples. */
export function isRealWebsite(url: string | null | undefined): url is string {
  if (!url) return false;
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  const topLevel = hostname.slice(hostname.lastIndexOf('.') + 1);
  if (RESERVED_TOP_LEVEL.includes(topLevel)) return false;
  return !RESERVED_EXAMPLE_DOMAINS.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
}

/** The show's website when it is a real one, else `signInPath`. */
export function afterSignOutDestination(showWebsiteUrl: string | null | undefined, signInPath: string): string {
  return isRealWebsite(showWebsiteUrl) ? showWebsiteUrl : signInPath;
}
