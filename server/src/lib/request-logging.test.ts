import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { beijingTimestamp, requestLogging } from './request-logging';

describe('log times', () => {
  it('are Beijing time with the offset said, as every page shows them', () => {
    // 16:30 UTC on 31 December is 00:30 on 1 January in Beijing.
    expect(beijingTimestamp(Date.parse('2026-12-31T16:30:05.250Z'))).toBe('2027-01-01T00:30:05.250+08:00');
    expect(Date.parse(beijingTimestamp(1_798_000_000_123))).toBe(1_798_000_000_123);
  });

  it('stamp every line the server writes', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const before = Date.now();
    const app = Fastify(await requestLogging(parseConfig({ NODE_ENV: 'test' }), { level: 'info', stream }));
    app.log.info('hello');
    await app.close();
    const line = JSON.parse(lines.find((text) => text.includes('hello')) ?? '{}') as { time?: string };
    expect(line.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
    expect(Date.parse(line.time ?? '')).toBeGreaterThanOrEqual(before - 1);
  });
});
