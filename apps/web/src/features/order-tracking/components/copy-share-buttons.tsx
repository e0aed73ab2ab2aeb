// Copy the code, copy the link, and share the link (the Web Share API where the browser has it, else copy).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Share2 } from 'lucide-react';
import { copyText } from '../../../lib/copy-text';

const buttonClass =
  'inline-flex h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600';

export function CopyShareButtons({ code, link }: { code: string; link: string }) {
  const { t } = useTranslation('tracking');
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const copy = async (what: 'code' | 'link', text: string) => {
    if (await copyText(text)) setCopied(what);
  };
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('shareTitle', { code }), url: link });
        return;
      } catch (err) {
        // The buyer closed the share sheet: nothing to do.
        if ((err as Error).name === 'AbortError') return;
      }
    }
    await copy('link', link);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={buttonClass} onClick={() => void copy('code', code)} data-testid="copy-code">
        <Copy className="h-4 w-4" aria-hidden />
        {t('copyCode')}
      </button>
      <button type="button" className={buttonClass} onClick={() => void copy('link', link)}>
        <Copy className="h-4 w-4" aria-hidden />
        {t('copyLink')}
      </button>
      <button type="button" className={buttonClass} onClick={() => void share()}>
        <Share2 className="h-4 w-4" aria-hidden />
        {t('share')}
      </button>
      <span role="status" className="text-sm text-emerald-700">
        {copied ? t('copied') : ''}
      </span>
    </div>
  );
}
