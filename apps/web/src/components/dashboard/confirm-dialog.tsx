// "Delete X?" confirmations: a title, a sentence, Cancel and a red confirm button; the server's error in red.
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel?: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
};

export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, pending, error, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} closeLabel={t('common.close')}>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? t('common.deleting') : (confirmLabel ?? t('common.delete'))}
        </Button>
      </div>
    </Dialog>
  );
}
