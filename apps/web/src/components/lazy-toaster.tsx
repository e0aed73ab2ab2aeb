// Mounts sonner's Toaster (top-centre) only once some code has asked for a toast; see lib/toast.ts.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { onToasterWanted, toasterWanted } from '../lib/toast';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const { t } = useTranslation('common');
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Screen readers hear the region and the close button in the page's language; sonner's keyboard shortcut is
          off because its name ("alt+T") is read out in English and the toasts are announced as they come anyway. */}
      <Toaster
        position="top-center"
        richColors
        closeButton
        hotkey={[]}
        containerAriaLabel={t('toast.region')}
        toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
      />
    </Suspense>
  );
}
