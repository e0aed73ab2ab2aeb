// The shared list-page pieces: status switch, table, row buttons, header (the pages themselves are checked end to end).
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import { pageOf, renderDashboard } from './test-utils';
import { ResourceTable, type ResourceColumn } from './resource-table';
import { RowActions } from './row-actions';
import { PageHeader } from './page-header';

type Row = { id: string; name: string };

function Table({ load, onEdit, onDelete }: { load: () => Promise<Page<Row>>; onEdit?: (r: Row) => void; onDelete?: (r: Row) => void }) {
  const query = useQuery({ queryKey: ['rows'], queryFn: load });
  const columns: ResourceColumn<Row>[] = [
    { key: 'name', header: 'Name', cell: (r) => r.name, className: 'font-medium' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (r) => <RowActions onEdit={() => onEdit?.(r)} onDelete={onDelete && (() => onDelete(r))} />,
    },
  ];
  return (
    <ResourceTable
      query={query}
      label="Things"
      columns={columns}
      emptyText="No Things Yet"
      loadFailedText="Could not load"
      onPage={() => {}}
    />
  );
}

describe('ResourceTable, RowActions and PageHeader', () => {
  it('renders the columns, a row per item with Edit/Delete, and the pager', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderDashboard(<Table load={async () => pageOf([{ id: 'a', name: 'Alpha' }])} onEdit={onEdit} onDelete={onDelete} />);
    const region = await screen.findByRole('region', { name: 'Things' });
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Actions']);
    expect(within(region).getByRole('cell', { name: 'Alpha' })).toHaveClass('px-2', 'sm:px-3', 'py-2', 'font-medium');
    await user.click(within(region).getByRole('button', { name: 'Edit' }));
    await user.click(within(region).getByRole('button', { name: 'Delete' }));
    expect(onEdit).toHaveBeenCalledWith({ id: 'a', name: 'Alpha' });
    expect(onDelete).toHaveBeenCalledWith({ id: 'a', name: 'Alpha' });
    expect(screen.getByText('Page 1 of 1 — 1 items')).toBeInTheDocument();
  });

  it('shows Edit alone when the row cannot be deleted, and the empty text for no items', async () => {
    const { unmount } = renderDashboard(<Table load={async () => pageOf([{ id: 'a', name: 'Alpha' }])} />);
    const region = await screen.findByRole('region', { name: 'Things' });
    expect(
      within(region)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit']);
    unmount();
    renderDashboard(<Table load={async () => pageOf([])} />);
    expect(await screen.findByText('No Things Yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("shows 'Something Went Wrong !!!' with the server's message, and Reload asks again", async () => {
    const user = userEvent.setup();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('Boom'))
      .mockResolvedValue(pageOf([{ id: 'a', name: 'Alpha' }]));
    renderDashboard(<Table load={load} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something Went Wrong !!!')).toBeInTheDocument();
    expect(within(alert).getByText('Boom')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Alpha')).toBeInTheDocument();
  });

  it('shows the Add button only when an add action is given', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = renderDashboard(<PageHeader title="Things" add={{ label: 'Add Thing', onClick }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Thing' }));
    expect(onClick).toHaveBeenCalledOnce();
    rerender(<PageHeader title="Things" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
