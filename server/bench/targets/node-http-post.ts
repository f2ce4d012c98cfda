// node:http answering the viewer request's shape (a JSON POST with the session cookie) with a constant answer of the
// viewer answer's size and headers: how much of node:http hello-world a JSON POST route can reach at all.
import { createServer } from 'node:http';
import { viewerAnswer, viewerAnswerHeaders, viewerQuery } from './viewer-shape';

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const known = typeof body === 'object' && body !== null && 'query' in body && body.query === viewerQuery;
    if (request.method !== 'POST' || !known || request.headers.cookie === undefined) {
      response.writeHead(400).end();
      return;
    }
    response.writeHead(200, viewerAnswerHeaders());
    response.end(viewerAnswer);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`LISTENING ${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
