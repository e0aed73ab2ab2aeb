// The hub's accessTokenFactory: the stored access token while it is still good, else a freshly refreshed one.
// The official client asks for a token before every negotiate (first start and each reconnect), and the server closes
// a connection whose token expired, so a reconnect always comes here for a new one.
import { ApiError, expireSession, refreshAccessToken } from '../../../lib/http';
import { decodeClaims, getAccessToken, getRefreshToken } from '../../../lib/session';

/** A token this close to its expiry is refreshed first: the connection would otherwise be closed moments later. */
export const EXPIRY_MARGIN_MS = 60_000;

function expiresSoon(token: string, now: number): boolean {
  const exp = decodeClaims(token)?.exp;
  // A token without a readable expiry is sent as it is; the server is the judge.
  return typeof exp === 'number' && exp * 1000 - now < EXPIRY_MARGIN_MS;
}

export async function freshAccessToken(): Promise<string> {
  const token = getAccessToken();
  if (token && !expiresSoon(token, Date.now())) return token;
  try {
    return await refreshAccessToken();
  } catch (err) {
    // No network (status 0): keep the session; the next reconnect attempt tries again.
    // A refused refresh ends the session the way the HTTP client does — once, if nobody ended it already.
    if (!(err instanceof ApiError && err.status === 0) && (getAccessToken() !== null || getRefreshToken() !== null)) expireSession();
    throw err;
  }
}
