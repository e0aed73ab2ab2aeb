// The storefront's error view: what went wrong in the buyer's language, and a retry.
import { useTranslation } from 'react-i18next';

export function ErrorView({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation('storefront');
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-xl font-bold">{t('error.title')}</h1>
      <p className="text-slate-600">{message ?? t('error.body')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="h-11 rounded-lg bg-indigo-600 px-5 font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {t('error.retry')}
      </button>
    </div>
  );
}
