// The dashboard as an installable app: its web app manifest (the shop's name, its logo as the icon) and the icons,
// made from the shop settings on request. Public, like any manifest: the browser fetches it without credentials.
// The service worker itself is a file of the web app (apps/web/public/dashboard-sw.js), registered by the dashboard only.
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { findShopSettings } from '../shop-settings/shop-settings.repository.ts';

export const ICON_SIZES = [192, 512] as const;
const THEME = '#0f172a';

/** Icon bytes per logo and size: the logo changes rarely and each icon is a few KB. */
const iconCache = new WeakMap<AppContext, Map<string, Buffer>>();

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The logo on a white square (maskable safe zone: 80 %), or the shop's initial when it has no logo. */
async function renderIcon(ctx: AppContext, size: number): Promise<Buffer> {
  const row = await findShopSettings(ctx.db);
  const key = `${row?.logo ?? ''}|${row?.shop_name ?? ''}|${size}`;
  let cache = iconCache.get(ctx);
  if (!cache) iconCache.set(ctx, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) return hit;
  const file = row?.logo ? await ctx.media.storage.read('public', row.logo) : null;
  const inner = Math.round(size * 0.8);
  const icon = await ctx.imageWork.run('dashboard-icon', async () => {
    if (file) {
      const logo = await sharp(file).resize(inner, inner, { fit: 'contain', background: '#ffffff' }).png().toBuffer();
      return sharp({ create: { width: size, height: size, channels: 4, background: '#ffffff' } })
        .composite([{ input: logo, gravity: 'center' }])
        .png()
        .toBuffer();
    }
    const initial = escapeXml([...(row?.shop_name?.trim() || 'S')][0]!.toUpperCase());
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${THEME}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${Math.round(size * 0.5)}" fill="#ffffff">${initial}</text></svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  });
  if (cache.size > 20) cache.clear();
  cache.set(key, icon);
  return icon;
}

export const dashboardAppRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/dashboard.webmanifest', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const row = await findShopSettings(ctx.db);
    const name = row?.shop_name?.trim() || 'Top-up Shop';
    const version = encodeURIComponent(row?.updated_at ?? '');
    reply
      .type('application/manifest+json; charset=utf-8')
      // Short: a renamed shop or a new logo reaches installed apps at their next manifest check.
      .header('cache-control', 'no-cache');
    return JSON.stringify({
      id: '/dashboard',
      name,
      short_name: [...name].slice(0, 12).join(''),
      start_url: '/dashboard',
      scope: '/dashboard',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: THEME,
      icons: ICON_SIZES.flatMap((size) => [
        { src: `/dashboard-icon-${size}.png?v=${version}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
        { src: `/dashboard-icon-${size}.png?v=${version}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
      ]),
    });
  });

  app.get(
    '/dashboard-icon-:size.png',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ size: z.enum(ICON_SIZES.map(String) as ['192', '512']) }) } },
    async (request, reply) => {
      const { size } = request.params as { size: string };
      const icon = await renderIcon(ctx, Number(size));
      return reply.type('image/png').header('cache-control', 'public, max-age=300').send(icon);
    },
  );
};
