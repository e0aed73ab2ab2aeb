// The alerts dialog against a fake API: the person's devices (one removed), their choice of alerts (money with no order
// among them) and quiet hours, and the owners' late-order share. jsdom has no service worker or Push API: "this device"
// says so, as an old browser.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderDashboard } from '../../../components/dashboard/test-utils';
import { StaffAlertsDialog } from './staff-alerts-dialog';
import { deviceLabel } from '../lib/dashboard-app';

afterEach(() => vi.unstubAllGlobals());

const DEVICES = [
  {
    id: 'd1',
    label: 'Android · Chrome',
    service: 'fcm.googleapis.com',
    createdAt: '2026-11-01T03:00:00.000Z',
    lastSentAt: '2026-11-02T03:00:00.000Z',
  },
  { id: 'd2', label: 'iPhone · Safari', service: 'web.push.apple.com', createdAt: '2026-11-03T03:00:00.000Z', lastSentAt: null },
];

function server() {
  let devices = [...DEVICES];
  return fakeServer((c) => {
    if (c.url === '/api/v1/Push/Devices') return { payLoad: devices };
    if (c.method === 'DELETE' && c.url.startsWith('/api/v1/Push/Devices/')) {
      devices = devices.filter((d) => !c.url.endsWith(d.id));
      return { payLoad: null };
    }
    if (c.url === '/api/v1/Push/Preferences')
      return {
        payLoad:
          c.method === 'PUT' ? c.body : { newOrder: true, lateOrder: true, checkProblem: true, unmatchedPayment: true, quietHours: null },
      };
    if (c.url === '/api/v1/Push/ShopAlerts') return { payLoad: c.method === 'PUT' ? c.body : { lateAtPercent: 67 } };
    return undefined;
  });
}

describe('staff alerts dialog', () => {
  it('lists the devices, removes one, and saves the choice of alerts with quiet hours', async () => {
    const user = userEvent.setup();
    const calls = server();
    renderDashboard(<StaffAlertsDialog open onOpenChange={() => undefined} isOwner={false} />);
    const list = await screen.findByTestId('alerts-devices');
    await within(list).findByText('Android · Chrome');
    expect(screen.getByText(/This browser cannot receive alerts/)).toBeTruthy();
    expect(screen.queryByText(/owners/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove iPhone · Safari' }));
    await waitFor(() => expect(within(list).queryByText('iPhone · Safari')).toBeNull());
    expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', url: '/api/v1/Push/Devices/d2' }));

    await user.click(screen.getByLabelText('New orders'));
    await user.click(screen.getByLabelText('Money received with no order to take it'));
    await user.click(screen.getByLabelText('Quiet hours (no alerts)'));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '23:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/v1/Push/Preferences')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      newOrder: false,
      lateOrder: true,
      checkProblem: true,
      unmatchedPayment: false,
      quietHours: { start: '23:30', end: '07:00' },
    });
  });

  it('lets owners set the share of the delivery promise after which an unopened order alerts', async () => {
    const user = userEvent.setup();
    const calls = server();
    renderDashboard(<StaffAlertsDialog open onOpenChange={() => undefined} isOwner />);
    const percent = await screen.findByLabelText('Percent of the 3-minute promise');
    await user.clear(percent);
    await user.type(percent, '50');
    expect(screen.getByText(/is 1 min 30 s old/)).toBeTruthy();
    await user.click(within(percent.closest('form')!).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ method: 'PUT', url: '/api/v1/Push/ShopAlerts', body: { lateAtPercent: 50 } })),
    );
  });

  it('names a device by its system and browser', () => {
    expect(
      deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'),
    ).toBe('Android · Chrome');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('iPhone · Safari');
  });
});
