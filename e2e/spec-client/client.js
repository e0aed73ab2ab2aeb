// A second client of the shop, written only from the API's description (docs/api.md, not from our web app): its own
// fetch wrapper with the retry rule, its own token storage, and the realtime hub opened "with credentials" and no
// access token.
// It runs on another origin than the API; the e2e test drives it through `window.specClient`.
/* global signalR */

const API = new URLSearchParams(location.search).get('api') ?? '';
const STORAGE = { token: 'authToken', refresh: 'refreshToken' };

/** Calls go to {host} with credentials sent and a Bearer token from storage when one exists (docs/api.md). */
async function send(method, path, body) {
  const headers = {};
  const token = localStorage.getItem(STORAGE.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${API}/${path.replace(/^\//, '')}`, { method, headers, body: payload, credentials: 'include' });
  const json = await res.json().catch(() => null);
  return { status: res.status, json };
}

/** Retry rule: a 401/403 not from refresh refreshes once and repeats; a failed refresh logs out to /login. */
async function call(method, path, body) {
  let res = await send(method, path, body);
  if ((res.status === 401 || res.status === 403) && !/refresh-token/i.test(path)) {
    const refreshToken = localStorage.getItem(STORAGE.refresh);
    const refreshed = refreshToken ? await send('POST', 'api/v1/auth/refresh-token', { refreshToken }) : { status: 401 };
    if (refreshed.status !== 200) {
      localStorage.removeItem(STORAGE.token);
      localStorage.removeItem(STORAGE.refresh);
      history.pushState(null, '', '/login');
      window.sessionExpired = true;
      throw new Error('Session expired');
    }
    localStorage.setItem(STORAGE.token, refreshed.json.payLoad.accessToken);
    localStorage.setItem(STORAGE.refresh, refreshed.json.payLoad.refreshToken);
    res = await send(method, path, body);
  }
  return res;
}

let hub = null;
const received = [];

window.specClient = {
  received,
  call,
  async login(email, password) {
    const res = await call('POST', 'api/v1/auth/Login', { email, password });
    if (res.status === 200) {
      localStorage.setItem(STORAGE.token, res.json.payLoad.accessToken);
      localStorage.setItem(STORAGE.refresh, res.json.payLoad.refreshToken);
    }
    return res.status;
  },
  /** What the product's game page loads: the game, and the order list (with no token for a buyer). */
  async openGamePage(gameId) {
    const game = await call('GET', `api/v1/game/${gameId}`);
    const orders = await call('GET', 'api/v1/Order?searchTerm=&currentPage=1&pageSize=10');
    return { game: game.json.payLoad, ordersStatus: orders.status, orders: orders.json.payLoad };
  },
  async placeOrder(fields, screenshotBytes) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file_ScreenShot', new Blob([new Uint8Array(screenshotBytes)], { type: 'image/png' }), 'shot.png');
    const res = await call('POST', '/api/v1/Order', form);
    return { status: res.status, statusCode: res.json?.statusCode, id: res.json?.payLoad?.id };
  },
  /** The hub at {host}/dashboard, with credentials and no access token: the session cookie is what identifies staff. */
  async connectHub(transport) {
    hub = new signalR.HubConnectionBuilder()
      .withUrl(`${API}/dashboard`, { withCredentials: true, transport: signalR.HttpTransportType[transport] })
      .withAutomaticReconnect([0, 2000, 5000, 10000])
      .build();
    hub.on('ReceiveOrder', (o) => received.push({ kind: 'order', id: (o && o.order ? o.order : o).id }));
    hub.on('ReceiveNotificationMessage', (n) =>
      received.push({ kind: 'notification', orderId: (n && n.notification ? n.notification : n).orderId }),
    );
    await hub.start();
    return hub.connectionId;
  },
  async disconnectHub() {
    await hub?.stop();
    hub = null;
  },
  async logout() {
    const res = await call('POST', 'api/v1/Auth/Logout');
    localStorage.removeItem(STORAGE.token);
    localStorage.removeItem(STORAGE.refresh);
    return res.status;
  },
};
document.getElementById('status').textContent = 'ready';
