// The account menu's entry to staff alerts; the dialog opens over the page once the menu has closed.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu } from 'radix-ui';
import { BellRing } from 'lucide-react';

const StaffAlertsDialog = lazy(() => import('./staff-alerts-dialog').then((m) => ({ default: m.StaffAlertsDialog })));

export function useStaffAlertsMenu(isOwner: boolean) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  const item = (
    <DropdownMenu.Item
      onSelect={() => setOpen(true)}
      data-testid="alerts-menu-item"
      className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
    >
      <BellRing className="h-4 w-4" aria-hidden />
      {t('menu')}
    </DropdownMenu.Item>
  );
  const dialog = open ? (
    <Suspense fallback={null}>
      <StaffAlertsDialog open={open} onOpenChange={setOpen} isOwner={isOwner} />
    </Suspense>
  ) : null;
  return { item, dialog };
}
