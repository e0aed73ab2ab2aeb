// The desktop orders table fits beside the sidebar: a few grouped columns with the verdict and the actions among them
// (the browser test e2e/first-week.e2e.ts measures that nothing scrolls sideways at 1024 and 1280 px), values that do
// not break mid-token, and a j/k cursor row that stands out.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeOrder, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { OrdersTable, type OrderRowActions } from './orders-table';

function actions(cursor: number | null, withDelete = true): OrderRowActions {
  return {
    cursor,
    onCursor: vi.fn(),
    rowRef: vi.fn(),
    isSelected: () => false,
    onSelect: vi.fn(),
    onOpen: vi.fn(),
    onChange: vi.fn(),
    onDelete: withDelete ? vi.fn() : undefined,
    opening: null,
  };
}

describe('orders table', () => {
  it('has six columns, the verdict and the actions among them, and every order field still on the row', () => {
    const orders = [
      fakeOrder(1, { verdict: 'mismatch', serverInfo: '2201', userDto: { email: 'ops@shop.test' } }),
      fakeOrder(2, { status: 'COMPLETED', verdict: 'match' }),
    ];
    const { paging } = pageOf(orders);
    renderDashboard(<OrdersTable items={orders} paging={paging} actions={actions(1)} pageSelected={false} onSelectPage={vi.fn()} />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
    expect(within(table).getByRole('columnheader', { name: 'Proof' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(table).toHaveClass('table-fixed', 'w-full');
    const [, first, second] = within(table).getAllByRole('row');
    for (const text of ['TEST2222', 'player1 (2201)', 'PUBG Mobile · 60 UC × 1', '09123456789 · 123456', '1,500 MMK', 'ops@shop.test'])
      expect(first).toHaveTextContent(text);
    expect(first!.querySelector('[data-verdict="mismatch"]')).not.toBeNull();
    // Icon actions keep their names for screen readers and on hover.
    for (const name of ['View Detail', 'Complete', 'Cancel', 'Delete'])
      expect(within(first!).getByRole('button', { name })).toHaveAttribute('title', name);
    expect(within(second!).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    // The cursor row: tinted, ringed and marked current.
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(second!.className).toContain('bg-indigo-50');
    expect(first).not.toHaveAttribute('aria-current');
  });

  it('leaves Delete out for staff', () => {
    const orders = [fakeOrder(1)];
    renderDashboard(
      <OrdersTable
        items={orders}
        paging={pageOf(orders).paging}
        actions={actions(null, false)}
        pageSelected={false}
        onSelectPage={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
