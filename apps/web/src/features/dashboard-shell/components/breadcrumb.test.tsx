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

describe('Breadcrumb words', () => {
  it('names the settings and two-factor pages in the page language, never their path', async () => {
    renderDashboard(<Breadcrumb pathname="/dashboard/settings" />);
    expect(crumbs()).toEqual(['Home → /dashboard', 'Shop settings (current)']);
  });

  it('keeps every crumb but the page whole (no word cut mid-way), and shows the Burmese names', async () => {
    const { default: i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('mm');
    try {
      const { render } = await import('@testing-library/react');
      const { MemoryRouter } = await import('react-router');
      const { I18nextProvider } = await import('react-i18next');
      render(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <Breadcrumb pathname="/dashboard/two-factor" />
          </MemoryRouter>
        </I18nextProvider>,
      );
      const nav = screen.getByRole('navigation');
      expect(nav).toHaveTextContent('နှစ်ဆင့် အတည်ပြု ဝင်ရောက်ခြင်း');
      expect(nav).not.toHaveTextContent('two-factor');
      const items = within(nav)
        .getAllByRole('listitem')
        .filter((li) => li.textContent);
      expect(items.slice(0, -1).every((li) => li.className.includes('whitespace-nowrap') && !li.className.includes('truncate'))).toBe(true);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
