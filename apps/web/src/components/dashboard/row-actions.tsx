// The Edit (and, where the resource can be deleted, Delete) buttons in a dashboard table row.
import { useTranslation } from 'react-i18next';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../ui/button';

/** Below 640 px the buttons are icons (named for screen readers and on hover), so a row's actions fit a phone. */
const LABEL = 'sr-only sm:not-sr-only';

export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete?: () => void }) {
  const { t } = useTranslation('dashboard');
  const edit = (
    <Button size="sm" variant="secondary" onClick={onEdit} title={t('common.edit')}>
      <Pencil className="h-4 w-4" aria-hidden />
      <span className={LABEL}>{t('common.edit')}</span>
    </Button>
  );
  // A lone Edit button sits straight in the cell, as it always has (Users); the wrapper only spaces two buttons.
  if (!onDelete) return edit;
  return (
    <div className="flex gap-1">
      {edit}
      <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete} title={t('common.delete')}>
        <Trash2 className="h-4 w-4" aria-hidden />
        <span className={LABEL}>{t('common.delete')}</span>
      </Button>
    </div>
  );
}
