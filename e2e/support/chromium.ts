import { accessSync, constants } from 'node:fs';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * CHROMIUM_PATH if set (it must then exist), else Debian's /usr/bin/chromium; null when there is none,
 * which makes the journeys skip.
 */
export function findChromium(): string | null {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!isExecutable(configured)) throw new Error(`[e2e] CHROMIUM_PATH=${configured} is not an executable file`);
    return configured;
  }
  return isExecutable('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
}

/** The flags Chromium needs on these machines (no sandbox in a container, no GPU) and fewer background requests. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
