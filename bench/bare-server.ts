// The baseline of every ratio (docs/benchmarks.md): a bare Fastify JSON route, in a
// process of its own like the server it is compared with.
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ message: 'ok', data: { hello: 'world' } }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare Fastify listening on ${address}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
