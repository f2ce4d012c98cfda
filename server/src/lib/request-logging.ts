import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** One short line per request instead of two JSON lines; a request that succeeded is logged at debug level. */
class BriefRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = `${request.method} ${request.url} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`;
    if (error || reply.statusCode >= 500) reply.log.error({ err: error }, line);
    else if (reply.statusCode >= 400) reply.log.info(line);
    else reply.log.debug(line);
  }
}

/**
 * Development only (issue 8 item 12): the log is read by a person in a terminal, so it is printed as
 * short human-readable lines by pino-pretty (a devDependency; JSON lines stay when it is absent, and in
 * production and tests), with one brief line per request, so that Fastify's two JSON lines per request
 * no longer scroll the demo box and the verification codes away.
 */
export async function developmentLogging(config: Config, logger: LoggerOptions): Promise<Pick<FastifyServerOptions, 'logger' | 'logController'>> {
  // A terminal only: a file or a log collector (and the browser journeys, which read the log) keep JSON lines.
  if (config.NODE_ENV !== 'development' || !process.stdout.isTTY) return { logger };
  try {
    const { default: pretty } = await import('pino-pretty');
    const stream = pretty({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      singleLine: true,
      // In order with the start-up box main.ts prints with console.log.
      sync: true,
    });
    return { logger: { ...logger, stream }, logController: new BriefRequestLog() };
  } catch {
    return { logger };
  }
}
