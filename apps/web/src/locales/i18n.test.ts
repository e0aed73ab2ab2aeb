import { describe, expect, it } from 'vitest';
import { resources } from './resources';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it('has every key in both Burmese and English, none empty', () => {
    const namespaces = new Set([...Object.keys(resources.mm), ...Object.keys(resources.en)]);
    for (const ns of namespaces) {
      const mm = keys((resources.mm as Record<string, unknown>)[ns]).sort();
      const en = keys((resources.en as Record<string, unknown>)[ns]).sort();
      expect(mm, `namespace ${ns}`).toEqual(en);
      const values = [...keys((resources.mm as Record<string, unknown>)[ns])];
      expect(values.length).toBeGreaterThan(0);
    }
    const empty = (o: unknown): boolean => (typeof o === 'string' ? o.trim() === '' : Object.values(o as object).some(empty));
    expect(empty(resources)).toBe(false);
  });
});
