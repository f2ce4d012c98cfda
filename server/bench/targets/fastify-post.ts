// Plain Fastify (no plugins) answering the viewer request's shape: its router and JSON body parser on a POST, the
// viewer answer's size and headers. Beside node-http-post.ts it tells what Fastify's routing and body parsing cost.
import Fastify from 'fastify';
import { viewerAnswer, viewerAnswerHeaders, viewerQuery } from './viewer-shape';

const app = Fastify({ logger: false });
app.post<{ Body: { query?: unknown } }>('/apis/core/graphql', (request, reply) => {
  if (request.body.query !== viewerQuery || request.headers.cookie === undefined) return reply.code(400).send();
  return reply.code(200).headers(viewerAnswerHeaders()).send(viewerAnswer);
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${new URL(url).port}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
