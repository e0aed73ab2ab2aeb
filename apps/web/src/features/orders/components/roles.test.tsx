// What a role can do is what it sees: staff get no delete, no clean-up, no owner pages (not even by a link), and
// the sidebar names the role (owner or staff) instead of one word for both. The role comes from GET /User/me.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fakeOrder, fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { saveTokens } from '../../../lib/session';
import { fakeJwt } from '../../../test/signalr.fake';
import { DashboardLayout } from '../../../app/routes/dashboard/layout';
import { OrdersPage } from './orders-page';

vi.mock('@microsoft/signalr', () => import('../../../test/signalr.fake'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function server(role: 'owner' | 'staff') {
  return fakeServer((c) => {
    if (c.url === '/api/v1/User/me')
      return { payLoad: { id: 'u1', email: `${role}@shop.test`, role, twoFactorEnabled: true, mustEnableTwoFactor: false } };
    if (c.url.startsWith('/api/v1/Order/notification-list')) return { payLoad: pageOf([], 0, 1, 100_000) };
    if (c.url.startsWith('/api/v1/Order?')) return { payLoad: pageOf([fakeOrder(1), fakeOrder(2, { status: 'COMPLETED' })]) };
    if (c.url.startsWith('/api/v1/Game?')) return { payLoad: pageOf([]) };
    if (c.url === '/api/v1/Order/Operators') return { payLoad: [] };
  });
}

describe('orders list by role', () => {
  it('shows an owner delete and clean-up', async () => {
    server('owner');
    renderDashboard(<OrdersPage />, { path: '/list' });
    await screen.findByText('player1');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2));
    expect(screen.getByRole('button', { name: /Clean Orders/i })).toBeInTheDocument();
  });

  it('shows staff neither delete nor clean-up, but still complete and cancel', async () => {
    const calls = server('staff');
    renderDashboard(<OrdersPage />, { path: '/list' });
    await screen.findByText('player1');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/User/me')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Clean Orders/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});

function renderShell(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard" element={<DashboardLayout />}>
            <Route path="settings" element={<p>shop settings form</p>} />
            <Route path="orders" element={<p>orders list page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the shell by role', () => {
  it('names the role in the sidebar and keeps owner pages from staff who follow a link', async () => {
    server('staff');
    saveTokens(fakeJwt(3600), 'refresh');
    renderShell('/dashboard/settings');
    expect(await screen.findByTestId('owner-only')).toHaveTextContent("Only the shop's owners can open this page.");
    expect(screen.queryByText('shop settings form')).not.toBeInTheDocument();
    expect(await screen.findByTestId('sidebar-user-role')).toHaveTextContent('Staff');
    const nav = screen.getByRole('navigation', { name: 'Platform' });
    expect(within(nav).queryByRole('link', { name: /Settings|Users/ })).not.toBeInTheDocument();
  });

  it('lets an owner in, named Owner', async () => {
    server('owner');
    saveTokens(fakeJwt(3600), 'refresh');
    renderShell('/dashboard/settings');
    expect(await screen.findByText('shop settings form')).toBeInTheDocument();
    expect(await screen.findByTestId('sidebar-user-role')).toHaveTextContent('Owner');
  });
});
