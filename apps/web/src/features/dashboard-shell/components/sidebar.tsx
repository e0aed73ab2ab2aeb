// The sidebar frame: a fixed-width column on desktop (16rem, or 3rem of icons when collapsed) with a rail on its
// edge, a slide-over panel of 18rem on phones, and the trigger button that the header shows.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog as RadixDialog } from 'radix-ui';
import { PanelLeft } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { SIDEBAR_WIDTH_MOBILE, useSidebar } from '../hooks/sidebar-context';

export function Sidebar({ children }: { children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const { isMobile, open, openMobile, setOpenMobile, toggleSidebar, state } = useSidebar();

  if (isMobile) {
    return (
      <RadixDialog.Root open={openMobile} onOpenChange={setOpenMobile}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <RadixDialog.Content
            aria-describedby={undefined}
            data-testid="sidebar-mobile"
            // Portalled outside the provider, so the width is given here rather than through its CSS variable.
            style={{ width: SIDEBAR_WIDTH_MOBILE }}
            className="fixed inset-y-0 left-0 z-50 flex max-w-[85vw] flex-col bg-slate-900 text-slate-100 shadow-xl focus:outline-none"
          >
            <RadixDialog.Title className="sr-only">{t('nav.sidebar')}</RadixDialog.Title>
            {children}
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    );
  }

  return (
    <aside
      data-testid="sidebar"
      data-state={state}
      aria-label={t('nav.sidebar')}
      style={{ width: open ? 'var(--sidebar-width)' : 'var(--sidebar-width-icon)' }}
      className="group/sidebar sticky top-0 z-20 flex h-svh shrink-0 flex-col bg-slate-900 text-slate-100 transition-[width] duration-200"
    >
      {children}
      {/* The rail: a thin strip along the edge that toggles the sidebar when clicked. */}
      <button
        type="button"
        tabIndex={-1}
        aria-label={t('nav.toggle')}
        title={t('nav.toggle')}
        onClick={toggleSidebar}
        className="absolute inset-y-0 -right-2 w-4 cursor-ew-resize after:absolute after:inset-y-0 after:left-1/2 after:w-px hover:after:bg-slate-400"
      />
    </aside>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { t } = useTranslation('dashboard');
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <button
      type="button"
      onClick={toggleSidebar}
      aria-label={t('nav.toggle')}
      aria-expanded={isMobile ? openMobile : open}
      className={cn('inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100', className)}
    >
      <PanelLeft className="h-5 w-5" aria-hidden />
    </button>
  );
}
