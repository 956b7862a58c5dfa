// The yardstick: a bare Fastify route with nothing in front of it, on a port chosen by the OS.
// With BARE_JSON_FILE, `/json` answers that file's JSON as it is (the same bytes the product would send).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (process.env.BARE_JSON_FILE) {
  const body = readFileSync(process.env.BARE_JSON_FILE, 'utf8');
  app.get('/json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
console.log(`listening ${port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
