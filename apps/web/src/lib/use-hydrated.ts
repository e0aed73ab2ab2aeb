// Whether this render is past hydration. False on the server and while React hydrates server-rendered markup, true
// right after (React re-renders with the client's value), and true at once for a page rendered in the browser.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
