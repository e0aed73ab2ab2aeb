// Makes the dashboard installable on this device while it is open: the manifest link and the service worker that
// shows staff alerts. Only the dashboard calls this: the storefront gets neither.
import { useEffect } from 'react';
import { attachManifest, registerDashboardWorker } from '../lib/dashboard-app';

export function useDashboardApp(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    attachManifest();
    void registerDashboardWorker();
  }, [enabled]);
}
