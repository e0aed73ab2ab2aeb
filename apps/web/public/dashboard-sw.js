// The dashboard's service worker (scope /dashboard): shows staff alerts that arrive through Web Push while the
// dashboard is closed or the phone is locked, and opens the order when one is tapped. It handles no fetches: pages
// and the API always come from the network. The storefront registers no service worker.
/* global clients */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The server's payload (@topup/contract/staff-alerts AlertPayload): texts already in the staff member's language. */
function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string') return data;
  } catch {
    // Not JSON: show the text itself.
  }
  return { title: event.data ? event.data.text() : '', body: '', url: '/dashboard/orders', tag: undefined };
}

self.addEventListener('push', (event) => {
  const alert = readPayload(event);
  // Only the dashboard's own pages may be opened from an alert.
  const url = typeof alert.url === 'string' && alert.url.startsWith('/dashboard') ? alert.url : '/dashboard';
  event.waitUntil(
    self.registration.showNotification(alert.title || 'Top-up Shop', {
      body: alert.body || '',
      tag: alert.tag,
      // A newer alert about the same order and kind replaces the old one, and still rings.
      renotify: Boolean(alert.tag),
      requireInteraction: alert.kind === 'lateOrder',
      icon: '/dashboard-icon-192.png',
      badge: '/dashboard-icon-192.png',
      timestamp: Date.now(),
      data: { url, orderId: alert.orderId, kind: alert.kind },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/dashboard', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An open dashboard window is reused: focused, then sent to the order.
      const dashboard = open.find((c) => new URL(c.url).pathname.startsWith('/dashboard'));
      if (dashboard) {
        await dashboard.focus();
        if ('navigate' in dashboard) return dashboard.navigate(target);
        return undefined;
      }
      return clients.openWindow(target);
    })(),
  );
});
