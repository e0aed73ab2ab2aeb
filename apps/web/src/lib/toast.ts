// Toasts that keep sonner off the first load: the library is fetched the first time a toast is shown, and
// <LazyToaster/> mounts its Toaster then (sonner replays toasts made before the Toaster subscribed).
export type ToastKind = 'success' | 'error';

type Listener = () => void;
const listeners = new Set<Listener>();
let wanted = false;

export function toasterWanted(): boolean {
  return wanted;
}

export function onToasterWanted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showToast(kind: ToastKind, message: string, durationMs: number): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return import('sonner').then(({ toast }) => {
    toast[kind](message, { duration: durationMs });
  });
}
