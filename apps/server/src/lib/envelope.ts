// Builds the response envelope and page payloads of DESIGN.md's wire contract.
import type { FastifyReply } from 'fastify';
import type { Envelope, Page, Paging } from '@topup/contract/envelope';

/** Content type of answers sent as ready-made JSON text (the public cache). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends JSON text as it is: already checked against the route's schema when it was made, so not serialised again. */
export function sendJsonText(reply: FastifyReply, body: string) {
  return reply.type(JSON_TYPE).send(body);
}

export function ok<P>(payLoad: P, message = 'Success', statusCode = 200): Envelope<P, null> {
  return { statusCode, message, payLoad, payLoadList: null };
}

export function okList<L>(payLoadList: L, message = 'Success'): Envelope<null, L> {
  return { statusCode: 200, message, payLoad: null, payLoadList };
}

export function paging(currentPage: number, pageSize: number, totalCount: number): Paging {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  const firstRowOnPage = totalCount === 0 ? 0 : Math.min((currentPage - 1) * pageSize + 1, totalCount + 1);
  const lastRowOnPage = Math.min(currentPage * pageSize, totalCount);
  return {
    currentPage,
    pageSize,
    totalCount,
    totalPages,
    previousPage: currentPage > 1 ? Math.min(currentPage - 1, totalPages) : null,
    nextPage: currentPage < totalPages ? currentPage + 1 : null,
    firstRowOnPage,
    lastRowOnPage: Math.max(lastRowOnPage, 0),
  };
}

export function toPage<T>(items: T[], currentPage: number, pageSize: number, totalCount: number): Page<T> {
  return { items, paging: paging(currentPage, pageSize, totalCount) };
}

/** Offset of a 1-based page. */
export function offsetOf(currentPage: number, pageSize: number): number {
  return (currentPage - 1) * pageSize;
}
