// The keyboard help on `?`: a modal dialog (focus kept inside, Escape closes, focus returns to where it was).
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { LIST_SHORTCUTS } from '../hooks/use-list-shortcuts';

export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('workbench');
  const { t: td } = useTranslation('dashboard');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('keys.title')} description={t('keys.intro')} closeLabel={td('common.close')}>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {LIST_SHORTCUTS.map((s) => (
          <div key={s.action} className="contents">
            <dt>
              {s.keys.map((k) => (
                <kbd
                  key={k}
                  className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-900 shadow-sm"
                >
                  {k === 'Enter' ? t('keys.enter') : k}
                </kbd>
              ))}
            </dt>
            <dd className="text-slate-700">{t(`keys.actions.${s.action}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-600">{t('keys.typingNote')}</p>
    </Dialog>
  );
}
