// Mounts sonner's Toaster (top-centre) only once some code has asked for a toast; see lib/toast.ts.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToasterWanted, toasterWanted } from '../lib/toast';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}
