import { describe, expect, it } from 'vitest';
import { lazyResources, resources as bundled } from './resources';

// The lazily loaded namespaces are checked like the bundled ones.
const lazy = async (lng: 'mm' | 'en') =>
  Object.fromEntries(await Promise.all(Object.entries(lazyResources).map(async ([ns, l]) => [ns, await l[lng]()])));
const resources = { mm: { ...bundled.mm, ...(await lazy('mm')) }, en: { ...bundled.en, ...(await lazy('en')) } };

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

  it('has Burmese in Burmese: every mm text is written in Myanmar script (not an English copy)', () => {
    // Texts that are the same in every language on purpose.
    const sameInEveryLanguage = new Set(['storefront.game.mobileNumberPlaceholder']);
    const untranslated = Object.entries(resources.mm).flatMap(([ns, tree]) =>
      keys(tree)
        .map((key) => `${ns}.${key}`)
        .filter((full) => {
          const value = full.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources.mm);
          return !sameInEveryLanguage.has(full) && !/[\u1000-\u109F]/.test(String(value));
        }),
    );
    expect(untranslated).toEqual([]);
  });
});
