// The shop's own details shown in the storefront header and footer. Defaults suit the demo; a deployment
// overrides any of them at build time with VITE_SHOP_* variables (see .env.example), never in components.

export type SocialLink = { label: string; url: string };

export type ShopConfig = {
  name: string;
  logoUrl: string;
  email: string;
  phone: string;
  telegramUrl: string;
  social: SocialLink[];
  /** `{year}` is replaced by the current year. */
  copyright: string;
};

type Env = Record<string, string | boolean | undefined>;

/** "Facebook=https://…,TikTok=https://…" → links; anything malformed is skipped. */
export function parseSocialLinks(value: string | undefined): SocialLink[] | null {
  if (!value?.trim()) return null;
  return value
    .split(',')
    .map((pair) => {
      const at = pair.indexOf('=');
      return { label: pair.slice(0, at).trim(), url: pair.slice(at + 1).trim() };
    })
    .filter((l) => l.label && /^https?:\/\//.test(l.url));
}

export function readShopConfig(env: Env): ShopConfig {
  const get = (key: string) => {
    const v = env[key];
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  return {
    name: get('VITE_SHOP_NAME') ?? 'Top-up Shop',
    logoUrl: get('VITE_SHOP_LOGO_URL') ?? '/favicon.svg',
    email: get('VITE_SHOP_EMAIL') ?? 'support@topup-shop.example',
    phone: get('VITE_SHOP_PHONE') ?? '+95 9 123 456 789',
    telegramUrl: get('VITE_SHOP_TELEGRAM_URL') ?? 'https://t.me/topupshop',
    social: parseSocialLinks(get('VITE_SHOP_SOCIAL_LINKS')) ?? [
      { label: 'Facebook', url: 'https://www.facebook.com/topupshop' },
      { label: 'TikTok', url: 'https://www.tiktok.com/@topupshop' },
    ],
    copyright: get('VITE_SHOP_COPYRIGHT') ?? '© {year} Top-up Shop. All rights reserved.',
  };
}

export const shop: ShopConfig = readShopConfig(import.meta.env as Env);

export function copyrightLine(config: ShopConfig = shop, now = new Date()): string {
  return config.copyright.replace('{year}', String(now.getFullYear()));
}
