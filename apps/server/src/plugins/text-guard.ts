// Refuses text containing U+0000 anywhere in the query string or a JSON body, naming the field. PostgreSQL cannot
// hold a NUL in text and fails the whole query (a 500 the fuzzer found on the search routes); no real
// input has one, so it is refused at the door for both databases alike. Multipart fields: lib/multipart-form.ts.
import fp from 'fastify-plugin';
import { MSG } from '@topup/contract/messages';
import { AppError } from '../lib/errors.ts';

/** The dotted path of the first string under `value` that holds a NUL (keys included), or undefined. */
export function findNul(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at || '_' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const here = at ? `${at}.${key}` : key;
    if (key.includes('\u0000')) return here.replaceAll('\u0000', '');
    const found = findNul(inner, here);
    if (found) return found;
  }
  return undefined;
}

export const textGuardPlugin = fp(async (app) => {
  // Callback style and a look at the raw URL first: this runs on every request, the catalog's hot reads included,
  // and a NUL can only reach the parsed query string as `%00` (Node's HTTP parser refuses a raw one in the target;
  // injected requests can carry one).
  app.addHook('preValidation', (request, _reply, done) => {
    const url = request.url;
    const field =
      (url.includes('%00') || url.includes('\u0000') ? findNul(request.query) : undefined) ??
      (request.body === undefined ? undefined : findNul(request.body));
    done(field ? AppError.field(field, MSG.nulCharacter) : undefined);
  });
});
