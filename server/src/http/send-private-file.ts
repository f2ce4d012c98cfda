import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A stored file sent to the one caller who may read it: never kept by a shared cache, never sniffed. */
export function sendPrivateFile(reply: FastifyReply, file: { body: Readable; contentType: string; size: number }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
