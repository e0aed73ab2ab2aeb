// Files the API sends (the CSV export), with request()'s credentials and retry rule. Kept apart from http.ts so the
// storefront's first load does not carry it (docs/decisions/0011-storefront-js-budget.md).
import i18n from './i18n';
import { buildUrl, parseJson, refreshOrExpire, toApiError, type RequestOptions } from './http';
import { getAccessToken } from './session';

/**
 * A file the API sends (a CSV export): the same bearer token, language and one refresh-and-retry as request(), but
 * the body is kept as it came. An error still answers the JSON envelope, read into an ApiError.
 */
export async function requestFile(path: string, query?: RequestOptions['query']): Promise<{ blob: Blob; fileName: string | null }> {
  const url = buildUrl(path, query);
  const get = (token: string | null) =>
    fetch(url, {
      headers: { 'accept-language': i18n.language === 'en' ? 'en' : 'mm', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
    }).catch(() => null);
  const sentWith = getAccessToken();
  let res = await get(sentWith);
  if (res && (res.status === 401 || res.status === 403)) {
    const current = getAccessToken();
    res = await get(current && current !== sentWith ? current : await refreshOrExpire());
  }
  if (!res) throw toApiError({ status: 0, json: null });
  if (!res.ok) throw toApiError({ status: res.status, json: parseJson(await res.text()) });
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), fileName: fileName ? decodeURIComponent(fileName) : null };
}
