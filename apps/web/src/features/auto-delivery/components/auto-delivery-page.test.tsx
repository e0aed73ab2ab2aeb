// The one pause switch and the guardrails: an owner pauses and resumes, saves limits (an empty field is "no limit",
// and the pause switch is read from the server just before, so saving limits never undoes a colleague's pause);
// staff see the state without the switch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutoDeliverySettingsDto } from '@topup/contract/auto-delivery';
import { fakeServer, renderDashboard } from '../../../components/dashboard/test-utils';
import { AutoDeliveryPage } from './auto-delivery-page';

afterEach(() => vi.unstubAllGlobals());

const START: AutoDeliverySettingsDto = {
  paused: false,
  maxOrderAmount: 100000,
  maxPerPhonePerDay: 5,
  maxPerDay: 200,
  completedToday: 3,
  updatedAt: null,
  updatedBy: null,
};

function server(role: 'owner' | 'staff') {
  let settings = { ...START };
  const calls = fakeServer((c) => {
    if (c.url === '/api/v1/User/me')
      return { payLoad: { id: 'u1', email: `${role}@shop.test`, role, twoFactorEnabled: true, mustEnableTwoFactor: false } };
    if (c.url === '/api/v1/AutoDelivery/Settings' && c.method === 'GET') return { payLoad: settings };
    if (c.url === '/api/v1/AutoDelivery/Pause') {
      settings = { ...settings, ...(c.body as { paused: boolean }), updatedAt: '2026-11-26T04:00:00.000Z', updatedBy: 'owner@shop.test' };
      return { payLoad: settings };
    }
    if (c.url === '/api/v1/AutoDelivery/Settings' && c.method === 'PUT') {
      settings = { ...settings, ...(c.body as object), updatedAt: '2026-11-26T04:05:00.000Z', updatedBy: 'owner@shop.test' };
      return { payLoad: settings };
    }
  });
  return { calls, pauseElsewhere: () => (settings = { ...settings, paused: true }) };
}

describe('automatic delivery settings', () => {
  it('an owner pauses and resumes every automatic completion with one switch', async () => {
    const user = userEvent.setup();
    const { calls } = server('owner');
    renderDashboard(<AutoDeliveryPage />);
    const state = await screen.findByTestId('auto-delivery-state');
    expect(state).toHaveTextContent('Automatic completion is on');
    expect(state).toHaveTextContent('3 orders completed automatically today.');
    await user.click(await within(state).findByRole('button', { name: 'Pause all automatic completion' }));
    await waitFor(() => expect(screen.getByTestId('auto-delivery-state')).toHaveAttribute('data-paused', 'true'));
    expect(screen.getByTestId('auto-delivery-state')).toHaveTextContent('every order waits for staff');
    expect(calls.find((c) => c.url === '/api/v1/AutoDelivery/Pause')!.body).toEqual({ paused: true });
    await user.click(screen.getByRole('button', { name: 'Turn automatic completion back on' }));
    await waitFor(() => expect(screen.getByTestId('auto-delivery-state')).toHaveAttribute('data-paused', 'false'));
  });

  it('saves the guardrails, an empty field as no limit, keeping a pause made elsewhere meanwhile', async () => {
    const user = userEvent.setup();
    const { calls, pauseElsewhere } = server('owner');
    renderDashboard(<AutoDeliveryPage />);
    const form = await screen.findByTestId('guardrails');
    await user.clear(within(form).getByLabelText('Largest order total (Ks)'));
    await user.type(within(form).getByLabelText('Largest order total (Ks)'), '50000');
    await user.clear(within(form).getByLabelText('Automatic completions per day, in total'));
    pauseElsewhere();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/AutoDelivery/Settings' && c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/v1/AutoDelivery/Settings')!.body).toEqual({
      paused: true,
      maxOrderAmount: 50000,
      maxPerPhonePerDay: 5,
      maxPerDay: null,
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('staff see whether it runs and the limits, without the switch or a save', async () => {
    const { calls } = server('staff');
    renderDashboard(<AutoDeliveryPage />);
    expect(await screen.findByTestId('auto-delivery-state')).toHaveTextContent('Automatic completion is on');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/User/me')).toBe(true));
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByLabelText('Largest order total (Ks)')).toBeDisabled();
  });
});
