import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderDashboard } from '../../../components/dashboard/test-utils';
import { Breadcrumb } from './breadcrumb';

function crumbs() {
  const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
  return within(nav)
    .getAllByRole('listitem')
    .filter((li) => li.textContent)
    .map((li) => {
      const link = li.querySelector('a');
      return link ? `${li.textContent} → ${link.getAttribute('href')}` : `${li.textContent} (current)`;
    });
}

describe('Breadcrumb', () => {
  it('shows Home alone on the overview', () => {
    renderDashboard(<Breadcrumb pathname="/dashboard" />);
    expect(crumbs()).toEqual(['Home (current)']);
  });

  it('shows Home > section, linking Home to /dashboard', () => {
    renderDashboard(<Breadcrumb pathname="/dashboard/games" />);
    expect(crumbs()).toEqual(['Home → /dashboard', 'Games (current)']);
  });

  it('shows Home > section > subsection, the section linking to /dashboard/{section}', () => {
    renderDashboard(<Breadcrumb pathname="/dashboard/packages/new" />);
    expect(crumbs()).toEqual(['Home → /dashboard', 'TokenPackages → /dashboard/packages', 'new (current)']);
  });

  it('puts an order detail under Orders', () => {
    renderDashboard(<Breadcrumb pathname="/dashboard/order-detail/0b6f" />);
    expect(crumbs()).toEqual(['Home → /dashboard', 'Orders → /dashboard/orders', 'Order Detail (current)']);
  });
});
