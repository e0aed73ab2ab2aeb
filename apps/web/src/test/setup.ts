// Component tests: jest-dom matchers, a clean DOM and storage per test, and an unexpected console.error fails the test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18n from '../lib/i18n';
import { lazyResources } from '../locales/resources';

// Lazily loaded namespaces are loaded up front so components render at once in tests.
await i18n.loadNamespaces(Object.keys(lazyResources));

const spy = vi.spyOn(console, 'error');
afterEach(() => {
  cleanup();
  localStorage.clear();
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length) throw new Error(`unexpected console.error: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
