// The startup ceiling for `npm run bench -- startup`: a minimal Fastify server with one route, plain JavaScript (nothing
// to compile), the same Fastify as Cairn's. Usage: node bench/minimal/livez.mjs <port>
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/livez', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2] ?? 0) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
