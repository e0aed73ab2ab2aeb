// Lets a closing app finish its in-flight requests and then really stop. Fastify stops taking new connections
// and waits for open ones; an answer sent while closing tells the client to drop its keep-alive connection,
// or server.close() would wait for that now idle socket to time out (72 s) before the database can close.
import fp from 'fastify-plugin';

export const gracefulClosePlugin = fp(async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
});
