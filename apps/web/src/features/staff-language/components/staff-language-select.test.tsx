import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../lib/i18n';
import { fakeServer, renderDashboard } from '../../../components/dashboard/test-utils';
import { StaffLanguageSelect } from './staff-language-select';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('staff language menu', () => {
  it('stores the page language on arrival, then switches the page and stores each choice', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) => (c.url === '/api/v1/User/language' ? { payLoad: c.body } : undefined));
    renderDashboard(<StaffLanguageSelect />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/v1/User/language', body: { language: 'en' } });

    await user.selectOptions(screen.getByTestId('staff-language-select'), 'mm');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ method: 'PUT', body: { language: 'mm' } });
    expect(i18n.language).toBe('mm');
    expect(localStorage.getItem('app_language')).toBe('mm');
  });
});
