// Builds the response envelope and page payloads of the wire contract (docs/api.md).
import type { FastifyReply } from 'fastify';
import type { Envelope, Page, Paging } from '@topup/contract/envelope';
import { sendReusedText } from '../plugins/compression.ts';

const DEFAULT_OK = 'Success';

/** Content type of answers sent as ready-made JSON text (the public cache). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends JSON text as it is: already checked against the route's schema when it was made, so not serialised again.
 * The text is reused across requests (public cache), so its compressed form is made once and kept. */
export function sendJsonText(reply: FastifyReply, body: string) {
  return sendReusedText(reply, body, JSON_TYPE);
}

/** `message` is a catalogue reference (`MSG.x`), put into the caller's language on the way out; the plain default
 * 'Success' is what the shared public cache holds, so it stays one text for every language. */
export function ok<P>(payLoad: P, message: string = DEFAULT_OK, statusCode = 200): Envelope<P, null> {
  return { statusCode, message, ...(message === DEFAULT_OK ? { code: 'ok' } : {}), payLoad, payLoadList: null };
}

export function okList<L>(payLoadList: L): Envelope<null, L> {
  return { statusCode: 200, message: DEFAULT_OK, code: 'ok', payLoad: null, payLoadList };
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
