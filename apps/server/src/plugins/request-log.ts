// The production request log: ONE info line per finished request, written when the answer has gone, with the
// fields an operator searches by: request id, method, path (never the query string: it can carry tokens and URL
// signatures), status, milliseconds, client address. It replaces Fastify's two lines per request ("incoming
// request" + "request completed", each with nested req/res objects): half the lines, flat fields, same information
// (docs/decisions/0403-request-log.md). Failed requests keep their error line (error handler, level error).
// Plugged in as Fastify's LogController, so it costs no extra hook on each route.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const url = request.url;
    const q = url.indexOf('?');
    const line = {
      method: request.method,
      path: q === -1 ? url : url.slice(0, q),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
