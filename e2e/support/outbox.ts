import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/**
 * Verification codes for the journeys. The server has no HTTP endpoint that reveals a message
 * (docs/decisions/0106-dev-outbox.md): in development the dev outbox prints each message to the server
 * log, which global-setup captures to a file; the journeys read that file, as a developer reads the
 * console.
 */
const serverLogFile = inject('serverLogFile');

export interface OutboxMessage {
  recipient: string;
  body: string;
  at: string;
}

const OUTBOX_PREFIX = 'dev outbox: ';

/** Messages the dev outbox printed for a recipient (an e-mail, or a mobile with or without +86); `logFile`: a journey's own server's log. */
export function readOutbox(recipient: string, logFile = serverLogFile): OutboxMessage[] {
  const wanted = (/^\d{11}$/.test(recipient) ? `+86${recipient}` : recipient).toLowerCase();
  const messages: OutboxMessage[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"devOutbox":true')) continue;
    try {
      const entry = JSON.parse(line) as { recipient?: unknown; msg?: unknown; time?: unknown };
      if (typeof entry.recipient !== 'string' || typeof entry.msg !== 'string' || typeof entry.time !== 'string') continue;
      if (entry.recipient.toLowerCase() !== wanted) continue;
      messages.push({ recipient: entry.recipient, body: entry.msg.slice(OUTBOX_PREFIX.length), at: new Date(entry.time).toISOString() });
    } catch {
      // a line cut in the middle of a write: read again on the next poll
    }
  }
  return messages;
}

/**
 * Waits for a message to `recipient` sent after `since` and returns the verification code in it
 * (the first group of 4 to 8 digits).
 */
export async function waitForVerificationCode(recipient: string, since: Date, timeoutMs = 15_000, logFile = serverLogFile): Promise<string> {
  if (!logFile) throw new Error('no server log file: the journeys need the server started by global-setup');
  const deadline = Date.now() + timeoutMs;
  let seen: OutboxMessage[] = [];
  while (Date.now() < deadline) {
    seen = readOutbox(recipient, logFile);
    const fresh = seen
      .filter((message) => Date.parse(message.at) >= since.getTime() - 1_000)
      .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    const code = fresh[0]?.body.match(/(?<!\d)(\d{4,8})(?!\d)/)?.[1];
    if (code) return code;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(
    `no verification code for ${recipient} in the server log (${logFile}) after ${timeoutMs} ms; ` +
      `it holds: ${JSON.stringify(seen)} (E2E_SERVER_LOG_LEVEL must be info or lower)`,
  );
}
