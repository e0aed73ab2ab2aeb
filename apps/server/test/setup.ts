// Any console.error a test did not expect fails that test.
import { afterEach, vi } from 'vitest';

const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length) throw new Error(`unexpected console.error: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
