import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * A stored file sent to the one caller who may read it: never kept by a shared cache, never sniffed.
 * A part of it (a Range request) is answered 206 with its Content-Range.
 */
export function sendPrivateFile(reply: FastifyReply, file: { body: Readable; contentType: string; size: number; range?: { start: number; end: number; total: number } }) {
  if (file.range) reply.code(206).header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.range.total}`);
  return reply
    .header('accept-ranges', 'bytes')
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
