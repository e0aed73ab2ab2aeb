import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageOf, renderDashboard } from './test-utils';
import { Pager } from './pager';

describe('Pager', () => {
  it("reads 'Page X of Y — N items' and moves with Previous/Next", async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    renderDashboard(<Pager paging={pageOf([1, 2], 26, 2).paging} onPage={onPage} />);
    expect(screen.getByText('Page 2 of 3 — 26 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('disables Previous on the first page and Next on the last; an empty list is page 1 of 1', () => {
    renderDashboard(<Pager paging={pageOf([], 0).paging} onPage={() => {}} />);
    expect(screen.getByText('Page 1 of 1 — 0 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
