// The storefront header on a phone gives the shop's name the room (My orders as an icon with its name kept for screen
// readers), and an owner's new shop name reaches an open page without a reload: read again when the tab is shown.
import { act, render, screen } from '@testing-library/react';
import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '@topup/contract/shop-settings-defaults';
import { fakeServer } from '../../../components/dashboard/test-utils';
import { createQueryClient } from '../../../app/providers';
import { setShopSettings, shopSettingsKey, SHOP_SETTINGS_FRESH_MS } from '../../../lib/shop-settings';
import { SiteHeader } from './site-header';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderHeader() {
  const client = createQueryClient();
  setShopSettings(client, { ...DEFAULT_SHOP_SETTINGS, shopName: 'Golden Dragon Game Top-up Center' });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('site header', () => {
  it('wraps a long shop name instead of cutting it, and keeps My orders named for screen readers', () => {
    fakeServer(() => undefined);
    renderHeader();
    const name = screen.getByTestId('shop-name');
    expect(name).toHaveTextContent('Golden Dragon Game Top-up Center');
    expect(name.className).toContain('line-clamp-2');
    expect(name.className).not.toContain('truncate');
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/my-orders');
  });

  it("shows the owner's new shop name when the buyer comes back to the tab", async () => {
    let name = 'Golden Dragon Game Top-up Center';
    const calls = fakeServer((c) =>
      c.url === '/api/v1/ShopSettings' ? { payLoad: { ...DEFAULT_SHOP_SETTINGS, shopName: name } } : undefined,
    );
    const client = renderHeader();
    // The embedded settings are a minute old when the tab is shown again.
    client.setQueryData(
      shopSettingsKey,
      { ...DEFAULT_SHOP_SETTINGS, shopName: name },
      { updatedAt: Date.now() - SHOP_SETTINGS_FRESH_MS - 1 },
    );
    name = 'Yangon Gems';
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('Yangon Gems')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/v1/ShopSettings')).toHaveLength(1);
    focusManager.setFocused(undefined);
  });
});
