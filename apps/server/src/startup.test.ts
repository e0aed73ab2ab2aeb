// The block printed after the first start: a plain box with where and how to sign in.
import { describe, expect, it } from 'vitest';
import { firstRunBanner } from './startup.ts';

describe('firstRunBanner', () => {
  it('boxes the sign-in address, email and the generated password, every line the same width', () => {
    const banner = firstRunBanner({ admin: { email: 'owner@shop.test', generatedPassword: 'Xy7-generated-pw' } }, 'http://localhost:3000')!;
    const lines = banner.trim().split('\n');
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(banner).toContain('| Sign in at   http://localhost:3000/login');
    expect(banner).toContain('| Email        owner@shop.test');
    expect(banner).toContain('| Password     Xy7-generated-pw');
    expect(banner).not.toContain('{');
  });

  it('names no password it did not make, and prints nothing on later starts', () => {
    expect(firstRunBanner({ admin: { email: 'owner@shop.test' } }, 'https://shop.example')).toContain('the ADMIN_PASSWORD you set');
    expect(firstRunBanner({ admin: null }, 'https://shop.example')).toBeNull();
  });
});
