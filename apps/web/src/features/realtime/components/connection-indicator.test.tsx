// The header's connection indicator: one word per state in English and Burmese, and the state for styling and tests.
import { afterAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from '../../../lib/i18n';
import { ConnectionIndicator } from './connection-indicator';
import type { ConnectionStatus } from '../api/hub-client';

afterAll(() => i18n.changeLanguage('en'));

const TEXTS: Record<'en' | 'mm', Record<ConnectionStatus, string>> = {
  en: { connecting: 'Connecting', connected: 'Connected', reconnecting: 'Reconnecting', disconnected: 'Disconnected' },
  mm: { connecting: 'ချိတ်ဆက်နေသည်', connected: 'ချိတ်ဆက်ထားသည်', reconnecting: 'ပြန်လည်ချိတ်ဆက်နေသည်', disconnected: 'ချိတ်ဆက်မှု ပြတ်နေသည်' },
};

describe('ConnectionIndicator', () => {
  for (const lang of ['en', 'mm'] as const) {
    it(`names every state in ${lang}`, async () => {
      await i18n.changeLanguage(lang);
      for (const [state, text] of Object.entries(TEXTS[lang]) as [ConnectionStatus, string][]) {
        const { unmount } = render(<ConnectionIndicator status={state} />);
        const indicator = screen.getByRole('status');
        expect(indicator).toHaveTextContent(text);
        expect(indicator).toHaveAttribute('data-state', state);
        unmount();
      }
    });
  }
});
