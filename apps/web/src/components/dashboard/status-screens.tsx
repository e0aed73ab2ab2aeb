// The dashboard's generic loading screen and the 'Something Went Wrong !!!' screen with a reload button.
import { useTranslation } from 'react-i18next';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

export function LoadingScreen() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner className="h-10 w-10" label={t('status.loading')} />
    </div>
  );
}

export function ErrorScreen({ message, onReload }: { message?: string; onReload: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-center">
      <TriangleAlert className="h-10 w-10 text-red-600" aria-hidden />
      <h2 className="text-xl font-semibold">{t('status.error')}</h2>
      {message ? <p className="max-w-md text-sm text-slate-600">{message}</p> : null}
      <Button onClick={onReload}>
        <RotateCw className="h-4 w-4" aria-hidden />
        {t('status.reload')}
      </Button>
    </div>
  );
}
