// The baseline of the HTTP benchmarks: bare Fastify (no plugins, no logger) in its own process, answering constant
// bodies with constant headers. argv[2] is JSON [{ path, body (base64), headers, method?, status? }]; a POST route
// reads the whole request body (any content type, multipart included) before it answers. It sends
// { type: 'ready', url } over IPC once listening and exits when the parent goes.
import Fastify from 'fastify';

const routes = JSON.parse(process.argv[2]);
const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
// Read the body and keep only its length: what any upload route must do at least.
app.addContentTypeParser('*', (_request, payload, done) => {
  let length = 0;
  payload.on('data', (chunk) => (length += chunk.length));
  payload.on('end', () => done(null, length));
  payload.on('error', done);
});
for (const { path, body, headers, method = 'GET', status = 200 } of routes) {
  const bytes = Buffer.from(body, 'base64');
  app.route({
    method,
    url: path,
    handler: (_request, reply) => {
      reply.code(status).headers(headers);
      reply.send(bytes);
    },
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ type: 'ready', url: `http://127.0.0.1:${app.server.address().port}` });
process.once('disconnect', () => process.exit(0));
