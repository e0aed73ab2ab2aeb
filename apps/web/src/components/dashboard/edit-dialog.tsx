// The Add/Edit dialog of every management page: one title for adding and one for editing, and a form that starts
// afresh for each item (keyed by its id) and closes the dialog when it is done.
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/dialog';

export type EditDialogProps<T extends { id: string }> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: T | null;
  addTitle: string;
  editTitle: string;
  /** The form; `onDone` closes the dialog. */
  children: (onDone: () => void) => ReactNode;
};

export function EditDialog<T extends { id: string }>({ open, onOpenChange, item, addTitle, editTitle, children }: EditDialogProps<T>) {
  const { t } = useTranslation('dashboard');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={item ? editTitle : addTitle} closeLabel={t('common.close')}>
      {open ? <Fragment key={item?.id ?? 'new'}>{children(() => onOpenChange(false))}</Fragment> : null}
    </Dialog>
  );
}
