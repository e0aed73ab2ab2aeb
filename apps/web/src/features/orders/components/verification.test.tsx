import { describe, expect, it } from 'vitest';
import { CHECK_LATE_AFTER_MS } from '@topup/contract/verification';
import i18n from '../../../lib/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderVerification } from '@topup/contract/verification';
import { fakeOrder, fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { OrdersPage } from './orders-page';
import { addIncomingOrder } from '../api/order-cache';
import { verdictChanged } from '../api/verification';
import { VerificationPanel } from './verification-panel';

const mismatch: OrderVerification = {
  orderId: 'o1',
  verdict: 'mismatch',
  isDuplicate: true,
  state: 'done',
  late: false,
  placedAt: '2026-11-23T07:39:00.000Z',
  attempts: 1,
  checkedAt: '2026-11-23T07:40:00.000Z',
  fields: [
    { field: 'amount', receipt: '125000', order: '12500', result: 'mismatch' },
    { field: 'transactionId', receipt: '0100398402112345', order: '112345', result: 'match' },
    { field: 'time', receipt: null, order: '2026-11-23 14:10:00', result: 'unreadable' },
    { field: 'receiver', receipt: 'Aung Ko 09*****4567', order: 'KBZPay 09777124567', result: 'match' },
  ],
  duplicates: [{ orderId: 'o2', reason: 'transaction', transactionNumber: '112345', createdAt: '2026-11-22T07:40:00.000Z' }],
  error: null,
};

describe('Verification panel', () => {
  it('shows each field read beside the order value with a tick or a cross, links the duplicates, and checks again', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) => {
      if (c.method === 'GET') return { payLoad: mismatch };
      if (c.method === 'POST') return { payLoad: { ...mismatch, verdict: 'pending', state: 'queued', fields: [] } };
    });
    renderDashboard(<VerificationPanel orderId="o1" />);
    const amount = (await screen.findByText('Amount')).closest('tr')!;
    expect(amount).toHaveAttribute('data-result', 'mismatch');
    expect(within(amount).getByText('125,000')).toBeInTheDocument();
    expect(within(amount).getByText('12,500')).toBeInTheDocument();
    expect(within(amount).getByLabelText('Does not agree')).toBeInTheDocument();
    expect(within(screen.getByText('Transaction ID').closest('tr')!).getByLabelText('Agrees')).toBeInTheDocument();
    expect(within(screen.getByText('Time').closest('tr')!).getAllByText('Could not be read').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Same transaction number · 112345/ })).toHaveAttribute('href', '/dashboard/order-detail/o2');
    expect(screen.getByText('Duplicate')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/Order/o1/Verification')).toBe(true));
  });
});

describe('Orders list verdicts', () => {
  it('shows a badge on every row, updates it live, and filters by verdict', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) => {
      if (c.url.startsWith('/api/v1/Order?') && c.url.includes('verdict=mismatch'))
        return { payLoad: pageOf([fakeOrder(3, { verdict: 'mismatch' })]) };
      if (c.url.startsWith('/api/v1/Order?'))
        return { payLoad: pageOf([fakeOrder(1, { verdict: 'pending' }), fakeOrder(2, { verdict: 'match' })]) };
    });
    const { queryClient } = renderDashboard(<OrdersPage />);
    const badges = () =>
      [...document.querySelectorAll('tbody [data-verdict]')].map((b) => `${b.getAttribute('data-verdict')}:${b.textContent}`);
    await waitFor(() => expect(badges()).toEqual(['pending:Checking', 'match:Match']));

    verdictChanged(queryClient, { orderId: fakeOrder(1).id, verdict: 'mismatch', isDuplicate: true });
    await waitFor(() => expect(badges()).toEqual(['duplicate:Duplicate', 'match:Match']));

    await user.selectOptions(screen.getByLabelText('Proof check'), 'mismatch');
    // The verdict is one of the list's filters: the same list call, narrowed.
    const filtered = (c: { url: string }) => c.url.startsWith('/api/v1/Order?') && c.url.includes('verdict=mismatch');
    await waitFor(() => expect(calls.some(filtered)).toBe(true));
    await waitFor(() => expect(badges()).toEqual(['mismatch:Mismatch']));

    // A new (pending) order is not put on top of the filtered page: the page asks the server again.
    const before = calls.filter(filtered).length;
    addIncomingOrder(queryClient, fakeOrder(4, { verdict: 'pending' }));
    await waitFor(() => expect(calls.filter(filtered).length).toBe(before + 1));
    expect(badges()).toEqual(['mismatch:Mismatch']);
  });
});

describe('A check that is late', () => {
  const placed = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

  it('shows "not checked yet" on a row pending longer than the check should take, in both languages, never "checking"', async () => {
    fakeServer((c) => {
      if (c.url.startsWith('/api/v1/Order?')) {
        return {
          payLoad: pageOf([
            fakeOrder(1, { verdict: 'pending', createdAt: placed(CHECK_LATE_AFTER_MS + 5_000) }),
            fakeOrder(2, { verdict: 'pending', createdAt: placed(1_000) }),
          ]),
        };
      }
    });
    renderDashboard(<OrdersPage />);
    const badges = () =>
      [...document.querySelectorAll('tbody [data-verdict]')].map((b) => `${b.getAttribute('data-verdict')}:${b.textContent}`);
    await waitFor(() => expect(badges()).toEqual(['late:Not checked yet', 'pending:Checking']));
    await i18n.changeLanguage('mm');
    await waitFor(() => expect(badges()).toEqual(['late:မစစ်ရသေးပါ', 'pending:စစ်ဆေးနေသည်']));
    await i18n.changeLanguage('en');
  });

  it('says so in the panel, and shows nothing of an earlier check while the new one waits', async () => {
    fakeServer((c) => {
      if (c.method === 'GET')
        return {
          payLoad: {
            ...mismatch,
            isDuplicate: false,
            verdict: 'pending',
            state: 'queued',
            late: true,
            placedAt: placed(CHECK_LATE_AFTER_MS * 3),
            fields: [],
          },
        };
    });
    renderDashboard(<VerificationPanel orderId="o1" />);
    expect(await screen.findByText(/Not checked yet: the checks are running behind/)).toBeInTheDocument();
    expect(document.querySelector('[data-verdict]')).toHaveAttribute('data-verdict', 'late');
    expect(screen.queryByText('Amount')).not.toBeInTheDocument();
  });
});
