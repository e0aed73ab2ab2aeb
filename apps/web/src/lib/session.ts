// The signed-in admin's tokens in browser storage, under the keys the spec names (authToken, refreshToken, userData).

export const STORAGE_KEYS = { access: 'authToken', refresh: 'refreshToken', user: 'userData' } as const;

export type UserData = { id: string; email: string };

export function getAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.access);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refresh);
}

export function getUserData(): UserData | null {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as UserData | null;
  } catch {
    return null;
  }
}

/** Stores a token pair and the user read from the access token's claims. */
export function saveTokens(accessToken: string, refreshToken: string): void {
  localStorage.setItem(STORAGE_KEYS.access, accessToken);
  localStorage.setItem(STORAGE_KEYS.refresh, refreshToken);
  const claims = decodeClaims(accessToken);
  if (claims) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: claims.sub, email: claims.email }));
  // Never leave the previous admin's details beside a token they don't describe.
  else localStorage.removeItem(STORAGE_KEYS.user);
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.access);
  localStorage.removeItem(STORAGE_KEYS.refresh);
  localStorage.removeItem(STORAGE_KEYS.user);
  notify();
}

export function decodeClaims(token: string): { sub: string; email: string; exp?: number } | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(decodeURIComponent(escape(json))) as { sub: string; email: string; exp?: number };
  } catch {
    return null;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** Lets the React session state follow token changes made by the HTTP client (refresh, forced logout). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function notify() {
  for (const l of listeners) l();
}
