import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderDashboard } from '../../../components/dashboard/test-utils';
import { shopSettingsKey } from '../../../lib/shop-settings';
import { ShopSettingsPage } from './shop-settings-page';

afterEach(() => vi.unstubAllGlobals());

describe('Shop settings page', () => {
  it('saves the form as multipart and updates the settings every page reads; shows the field the server refused', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = fakeServer((call) => {
      if (call.url.endsWith('/Security')) return { payLoad: { requireTwoFactor: false } };
      if (call.method !== 'PUT') return undefined;
      if (refuse)
        return {
          status: 400,
          message: 'Enter a full link starting with https://.',
          errors: { facebookUrl: ['Enter a full link starting with https://.'] },
        };
      const b = call.body as Record<string, string>;
      return { payLoad: { ...b, logo: null, deliveryMinutes: Number(b.deliveryMinutes) } };
    });
    const { queryClient } = renderDashboard(<ShopSettingsPage />);
    const name = await screen.findByLabelText(/Shop name/);
    expect(name).toHaveValue('Top-up Shop');

    await user.clear(name);
    await user.type(name, 'Golden Top-up');
    await user.clear(screen.getByLabelText(/Facebook link/));
    await user.type(screen.getByLabelText(/Facebook link/), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a full link starting with https://.');

    refuse = false;
    await user.clear(screen.getByLabelText(/Facebook link/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Shop settings saved.');
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.url).toBe('/api/v1/ShopSettings');
    expect(put.body).toMatchObject({
      shopName: 'Golden Top-up',
      facebookUrl: '',
      deliveryMinutes: '3',
      timeZone: 'Asia/Yangon',
      removeLogo: 'False',
    });
    expect(queryClient.getQueryData<{ shopName: string }>(shopSettingsKey)?.shopName).toBe('Golden Top-up');
  });
});
