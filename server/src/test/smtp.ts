import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  port: number;
  /** Every accepted mail: its envelope recipients and raw data. */
  received: Array<{ to: string[]; data: string }>;
  /** Recipients whose next mail is refused once (451, try again later). */
  refuseNextMailTo: Set<string>;
  /** Stops listening; safe to call twice. */
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port (no TLS, no auth), for tests of mail delivery. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: TestSmtpServer['received'] = [];
  const refuseNextMailTo = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        const refused = session.envelope.rcptTo.find((rcpt) => refuseNextMailTo.delete(rcpt.address));
        if (refused) return callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  let open = true;
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    refuseNextMailTo,
    close: () => (open ? new Promise<void>((resolve) => smtp.close(() => resolve())).then(() => void (open = false)) : Promise.resolve()),
  };
}
