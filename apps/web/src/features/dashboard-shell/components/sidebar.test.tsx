import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderDashboard } from '../../../components/dashboard/test-utils';
import { SidebarProvider } from '../hooks/sidebar-context';
import { AppSidebar } from './app-sidebar';
import { SidebarTrigger } from './sidebar';

function clearCookie() {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}

afterEach(() => {
  clearCookie();
  vi.unstubAllGlobals();
});

function renderShell() {
  return renderDashboard(
    <SidebarProvider>
      <AppSidebar email="owner@shop.test" onLogout={() => {}} />
      <SidebarTrigger />
    </SidebarProvider>,
  );
}

describe('Sidebar', () => {
  it('shows staff only the orders, and owners the shop settings too', () => {
    renderDashboard(
      <SidebarProvider>
        <AppSidebar email="staff@shop.test" onLogout={() => {}} role="staff" />
      </SidebarProvider>,
    );
    expect(screen.getByRole('link', { name: 'Order List' })).toHaveAttribute('href', '/dashboard/orders');
    for (const hidden of ['Users List', 'Game List', 'TokenPackage List', 'ConfigSetting List', 'Shop settings']) {
      expect(screen.queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    }
  });

  it('links owners to the shop settings', () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'Shop settings' })).toHaveAttribute('href', '/dashboard/settings');
  });

  it('starts expanded at 16rem with the Platform group and five open groups, and the signed-in email', () => {
    renderShell();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(sidebar.style.width).toBe('var(--sidebar-width)');
    expect(sidebar.parentElement!.style.getPropertyValue('--sidebar-width')).toBe('16rem');
    expect(sidebar.parentElement!.style.getPropertyValue('--sidebar-width-icon')).toBe('3rem');
    expect(sidebar.parentElement!.style.getPropertyValue('--sidebar-width-mobile')).toBe('18rem');
    expect(screen.getByText('Platform')).toBeInTheDocument();
    for (const [label, href] of [
      ['Users List', '/dashboard/users'],
      ['Game List', '/dashboard/games'],
      ['TokenPackage List', '/dashboard/packages'],
      ['Order List', '/dashboard/orders'],
      ['ConfigSetting List', '/dashboard/configsetting'],
    ]) {
      expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(screen.getByTestId('sidebar-user-email')).toHaveTextContent('owner@shop.test');
    expect(within(sidebar).getByRole('link', { name: /Top-up Shop/ })).toHaveAttribute('href', '/dashboard');
  });

  it('collapses a group and opens it again', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: 'Game' }));
    expect(screen.queryByRole('link', { name: 'Game List' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Game' }));
    expect(screen.getByRole('link', { name: 'Game List' })).toBeInTheDocument();
  });

  it('toggles with Ctrl+B and Meta+B, stores sidebar_state for 7 days, and collapses to icons', () => {
    const cookies: string[] = [];
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      cookies.push(v);
      desc.set!.call(document, v);
    });
    renderShell();
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(sidebar.style.width).toBe('var(--sidebar-width-icon)');
    expect(cookies.at(-1)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
    expect(screen.queryByText('Platform')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order' })).toHaveAttribute('href', '/dashboard/orders');

    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(cookies.at(-1)).toBe('sidebar_state=true; path=/; max-age=604800; SameSite=Lax');
    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
  });

  it('starts collapsed when the cookie says so; the trigger and the rail toggle it', async () => {
    const user = userEvent.setup();
    document.cookie = 'sidebar_state=false; path=/';
    renderShell();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    const [rail, trigger] = screen.getAllByRole('button', { name: 'Toggle Sidebar' });
    await user.click(trigger!);
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await user.click(rail!);
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
  });

  it('is a slide-over panel below 768 px', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(max-width: 767px)', addEventListener() {}, removeEventListener() {} }));
    renderShell();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    const panel = await screen.findByTestId('sidebar-mobile');
    expect(panel.style.width).toBe('18rem');
    expect(within(panel).getByRole('link', { name: 'Order List' })).toBeInTheDocument();
  });
});
