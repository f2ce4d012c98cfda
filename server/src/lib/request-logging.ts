import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/**
 * An instant in Beijing time with its offset, "2026-11-27T21:50:01.123+08:00": the time every page shows
 * (China has no daylight saving time, so the offset is fixed), and still one instant for any log tool.
 */
export function beijingTimestamp(epochMs: number): string {
  return `${new Date(epochMs + BEIJING_OFFSET_MS).toISOString().slice(0, -1)}+08:00`;
}

/** pino's `timestamp` option: each line's `time` in Beijing time. */
const beijingTime = () => `,"time":"${beijingTimestamp(Date.now())}"`;

/**
 * The access log: one line per request when it completes, instead of Fastify's two (an incoming line and
 * a completed one, each serialising the request or the reply). A success is logged at `successLevel`
 * (info in production, debug in development, so that the start-up box stays on a developer's screen);
 * 4xx at info, 5xx and failures at error. `brief`: a line for a person (pino-pretty) rather than fields.
 */
class AccessLog extends LogController {
  constructor(
    private readonly successLevel: 'info' | 'debug',
    private readonly brief: boolean,
  ) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const level = error || status >= 500 ? 'error' : status >= 400 ? 'info' : this.successLevel;
    // The level test first: a line that is not written costs no object.
    if ((pino.levels.values[level] ?? 0) < (pino.levels.values[reply.log.level] ?? 0)) return;
    const ms = Math.round(reply.elapsedTime);
    const fields = this.brief ? {} : { method: request.method, url: request.url, status, ms };
    reply.log[level](error ? { ...fields, err: error } : fields, this.brief ? `${request.method} ${request.url} → ${status} (${ms} ms)` : 'request');
  }
}

/**
 * Where the log goes and how requests are logged. Production: JSON lines written in 4 KB batches
 * (pino's asynchronous destination, flushed when the process exits), one info line per request.
 * Development: at a terminal, short human-readable lines through pino-pretty (a devDependency; JSON
 * lines when it is absent, and for a file or the browser journeys, which read the log as it comes);
 * successful requests at debug. Tests hand their own stream. Every line's time is Beijing time with its
 * offset, as on every page.
 */
export async function requestLogging(config: Config, options: LoggerOptions): Promise<Pick<FastifyServerOptions, 'logger' | 'logController'>> {
  const logger: LoggerOptions = { ...options, timestamp: beijingTime };
  const production = config.NODE_ENV === 'production';
  const access = new AccessLog(production ? 'info' : 'debug', false);
  if (logger.stream) return { logger, logController: access };
  if (production) return { logger: { ...logger, stream: pino.destination({ dest: 1, sync: false, minLength: 4096 }) }, logController: access };
  if (config.NODE_ENV !== 'development' || !process.stdout.isTTY) return { logger, logController: access };
  try {
    const { default: pretty } = await import('pino-pretty');
    const stream = pretty({
      colorize: true,
      // The time of day as written, with the zone said: the line's `time` is already Beijing time.
      translateTime: false,
      customPrettifiers: { time: (time: string | object) => `${String(time).slice(11, 19)} Beijing` },
      ignore: 'pid,hostname,reqId',
      singleLine: true,
      // In order with the start-up box main.ts prints with console.log.
      sync: true,
    });
    return { logger: { ...logger, stream }, logController: new AccessLog('debug', true) };
  } catch {
    return { logger, logController: access };
  }
}
