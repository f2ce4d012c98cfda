// A plain Fastify route with no plugins: the framework's own cost over raw node:http.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${new URL(url).port}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
