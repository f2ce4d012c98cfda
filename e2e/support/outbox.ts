import { baseUrl } from './browser';

export interface OutboxMessage {
  recipient: string;
  body: string;
  at: string;
}

function isOutboxMessage(value: unknown): value is OutboxMessage {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.recipient === 'string' && typeof record.body === 'string' && typeof record.at === 'string';
}

/** Messages the dev outbox holds for a recipient (GET /apis/dev/outbox, non-production only). */
export async function readOutbox(recipient: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/apis/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  if (!response.ok) {
    throw new Error(`GET /apis/dev/outbox answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const body: unknown = await response.json();
  if (!Array.isArray(body) || !body.every(isOutboxMessage)) {
    throw new Error(`GET /apis/dev/outbox did not return [{recipient, body, at}]: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body;
}

/**
 * Waits for a message to `recipient` sent after `since` and returns the verification code in it
 * (the first group of 4 to 8 digits).
 */
export async function waitForVerificationCode(recipient: string, since: Date, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let seen: OutboxMessage[] = [];
  while (Date.now() < deadline) {
    seen = await readOutbox(recipient);
    const fresh = seen
      .filter((message) => Date.parse(message.at) >= since.getTime() - 1_000)
      .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    const code = fresh[0]?.body.match(/(?<!\d)(\d{4,8})(?!\d)/)?.[1];
    if (code) return code;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no verification code for ${recipient} in the outbox after ${timeoutMs} ms; it holds: ${JSON.stringify(seen)}`);
}
