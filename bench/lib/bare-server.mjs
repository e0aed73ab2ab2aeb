// The baseline of the HTTP benchmarks: bare Fastify (no plugins, no logger) in its own process, answering constant
// bodies with constant headers. argv[2] is JSON [{ path, body (base64), headers }]; it sends { type: 'ready', url }
// over IPC once listening and exits when the parent goes.
import Fastify from 'fastify';

const routes = JSON.parse(process.argv[2]);
const app = Fastify({ logger: false });
for (const { path, body, headers } of routes) {
  const bytes = Buffer.from(body, 'base64');
  app.get(path, (_request, reply) => {
    reply.headers(headers);
    reply.send(bytes);
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ type: 'ready', url: `http://127.0.0.1:${app.server.address().port}` });
process.once('disconnect', () => process.exit(0));
