// The dashboard as an installed app on this device: its manifest link and service worker (scope /dashboard, added by
// the dashboard only, so the storefront has neither), and this device's Web Push subscription.
import type { PushSubscriptionBody } from '@topup/contract/staff-alerts';
import { deleteSubscription, saveSubscription, vapidPublicKey } from '../api/staff-alerts';

export const SERVICE_WORKER_URL = '/dashboard-sw.js';
export const SERVICE_WORKER_SCOPE = '/dashboard';
export const MANIFEST_URL = '/dashboard.webmanifest';
const THIS_DEVICE_KEY = 'dashboard_push_device';

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';
}

/** Adds the manifest link to the page's head (once): browsers offer to install the dashboard from it. */
export function attachManifest(): void {
  if (typeof document === 'undefined' || document.querySelector(`link[rel="manifest"][href="${MANIFEST_URL}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  document.head.appendChild(link);
}

/** Registers the dashboard's service worker; a browser without them, or a failure, leaves the page as it was. */
export async function registerDashboardWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  } catch (err) {
    console.warn('[alerts] service worker not registered', err);
    return null;
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return existing ?? (await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }));
}

/** "Android · Chrome", "iPhone · Safari", …: how the person tells their devices apart in the list. */
export function deviceLabel(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iPhone'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'Mac'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  return [system, browser].filter(Boolean).join(' · ') || 'Browser';
}

function toBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    label: deviceLabel(),
  };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * From a click: asks for permission, subscribes with the server's key and stores the subscription. A subscription made
 * under another key (the server's keys changed) is replaced.
 */
export async function turnOnAlerts(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const reg = await registration();
  const key = await vapidPublicKey();
  let sub = await reg.pushManager.getSubscription();
  const sameKey = (s: PushSubscription) => {
    const current = s.options.applicationServerKey;
    if (!current) return true;
    const a = new Uint8Array(current);
    const b = keyBytes(key);
    return a.length === b.length && a.every((v, i) => v === b[i]);
  };
  if (sub && !sameKey(sub)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  const device = await saveSubscription(toBody(sub));
  localStorage.setItem(THIS_DEVICE_KEY, device.id);
  return 'on';
}

export async function turnOffAlerts(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await deleteSubscription(sub.endpoint);
    await sub.unsubscribe();
  }
  localStorage.removeItem(THIS_DEVICE_KEY);
  return 'off';
}

/** The id of this browser's device in the list (the server never shows endpoints back). */
export function thisDeviceId(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(THIS_DEVICE_KEY);
}
