// The production request log: ONE info line per finished request, written when the answer has gone, with the
// fields an operator searches by: request id, method, path (never the query string: it can carry tokens and URL
// signatures), status, milliseconds, client address. It replaces Fastify's two lines per request ("incoming
// request" + "request completed", each with nested req/res objects): half the lines, flat fields, same information
// (docs/decisions/0021-request-log.md). Failed requests keep their error line (error handler, level error).
// Plugged in as Fastify's LogController, so it costs no extra hook on each route.
//
// The success line is put together here and handed to the log's stream directly: the same bytes pino would write
// (its level, time and bindings: pid, hostname, reqId), without pino's general per-call work.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

export type LogStream = { write(line: string): void };

const INFO = 30;
const { chindingsSym } = pino.symbols;

/** The path of a request target: everything before the query string. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Milliseconds as the line shows them: one decimal. */
export function roundMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** pino's bindings of a logger (`,"pid":…,"hostname":"…"` and, for a request's child, `,"reqId":"…"`), or undefined
 * for a logger that is not pino (logging off). */
export function bindingsOf(logger: FastifyBaseLogger): string | undefined {
  const bindings = (logger as unknown as Record<symbol, unknown>)[chindingsSym];
  return typeof bindings === 'string' ? bindings : undefined;
}

/** Whether `logger` writes info lines now (its level can change at run time). */
export function infoEnabled(logger: FastifyBaseLogger): boolean {
  return (logger as unknown as { levelVal: number }).levelVal <= INFO;
}

/** The request line, byte for byte as pino writes `log.info({ method, path, status, ms, ip }, 'request')`. */
export function requestLine(bindings: string, method: string, path: string, status: number, ms: number, ip: string | undefined): string {
  return (
    `{"level":${INFO},"time":${Date.now()}${bindings},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},` +
    `"status":${status},"ms":${ms}${ip === undefined ? '' : `,"ip":${JSON.stringify(ip)}`},"msg":"request"}\n`
  );
}

export class OneLineRequestLog extends LogController {
  /** `stream`: where pino writes (lines are written to it directly); without it, lines go through pino. */
  constructor(private readonly stream?: LogStream) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log;
    const path = pathOf(request.url);
    const ms = roundMs(reply.elapsedTime);
    if (!error && this.stream) {
      if (!infoEnabled(log)) return;
      const bindings = bindingsOf(log);
      if (bindings !== undefined) return this.stream.write(requestLine(bindings, request.method, path, reply.statusCode, ms, request.ip));
    }
    const line = { method: request.method, path, status: reply.statusCode, ms, ip: request.ip };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request');
  }
}
