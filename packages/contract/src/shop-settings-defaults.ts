// The first-run shop settings, the field limits and the roles, without zod or the message catalogue, so the web app
// can use them without shipping either.
/**
 * The first-run values (also written by the server's migration 0008); the web app shows them until it has the real ones.
 * Checked against ShopSettingsDto in shop-settings.ts (importing its type here would tie the two files in a loop).
 */
export const DEFAULT_SHOP_SETTINGS = {
  shopName: 'Top-up Shop',
  logo: null as string | null,
  contactEmail: 'support@topup-shop.example',
  phone: '+95 9 123 456 789',
  telegramUrl: 'https://t.me/topupshop',
  viberUrl: '',
  facebookUrl: 'https://www.facebook.com/topupshop',
  copyrightHolder: 'Top-up Shop',
  timeZone: 'Asia/Yangon',
  deliveryMinutes: 3,
};

export const SHOP_SETTINGS_LIMITS = {
  shopName: 60,
  contactEmail: 254,
  phone: 30,
  link: 300,
  copyrightHolder: 100,
  timeZone: 64,
  deliveryMinutesMax: 24 * 60,
} as const;

export const ROLES = ['owner', 'staff'] as const;
