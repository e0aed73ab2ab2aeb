// Lets a closing app finish its in-flight requests and then really stop. Fastify stops taking new connections
// and waits for open ones; an answer sent while closing tells the client to drop its keep-alive connection,
// or server.close() would wait for that now idle socket to time out (72 s) before the database can close.
import fp from 'fastify-plugin';

export const gracefulClosePlugin = fp(async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback style, not async: it runs on every answer, and a promise per request is measurable on the hot paths.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
