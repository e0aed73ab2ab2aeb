// Generated artwork for the demo catalog: logos, banners, "where to find your ID" profile images, package and
// payment-account images, drawn as SVG here and rendered by sharp. No downloaded assets.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { ServerType } from '@topup/contract/limits';

export type Palette = { from: string; to: string; accent: string };
export type PackageIcon = 'gem' | 'coin' | 'crystal' | 'star' | 'token';

export type GameArt = {
  title: string;
  /** Two or three letters drawn large on the logo. */
  initials: string;
  palette: Palette;
  serverType: ServerType;
  /** What the game's packages sell (drawn on the package image). */
  currency: string;
  icon: PackageIcon;
  /** Where the player finds the account details, shown on the profile image. */
  idHint: string;
};

export type RenderedImage = { data: Buffer; ext: 'webp' | 'jpg' };

const FONT = "'DejaVu Sans', 'Noto Sans', Arial, Helvetica, sans-serif";

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function gradient(id: string, p: Palette, angle: 'diagonal' | 'horizontal' = 'diagonal'): string {
  const [x2, y2] = angle === 'diagonal' ? ['1', '1'] : ['1', '0'];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`;
}

/** A stable pseudo-random sequence from the title, so each game's decoration differs but never changes between runs. */
function seeded(text: string): () => number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function sparkles(rand: () => number, count: number, width: number, height: number, color: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = Math.round(rand() * width);
    const y = Math.round(rand() * height);
    const r = 1 + Math.round(rand() * 3);
    out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" opacity="${(0.25 + rand() * 0.5).toFixed(2)}"/>`;
  }
  return out;
}

function iconShape(icon: PackageIcon, cx: number, cy: number, size: number, label: string): string {
  const s = size / 2;
  switch (icon) {
    case 'gem':
      return `<polygon points="${cx - s},${cy - s * 0.35} ${cx - s * 0.5},${cy - s * 0.9} ${cx + s * 0.5},${cy - s * 0.9} ${cx + s},${cy - s * 0.35} ${cx},${cy + s}" fill="url(#icon)" stroke="#ffffff" stroke-width="${size / 40}"/>
        <polyline points="${cx - s},${cy - s * 0.35} ${cx + s},${cy - s * 0.35}" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${size / 50}" fill="none"/>
        <polyline points="${cx - s * 0.5},${cy - s * 0.9} ${cx - s * 0.2},${cy - s * 0.35} ${cx},${cy + s} ${cx + s * 0.2},${cy - s * 0.35} ${cx + s * 0.5},${cy - s * 0.9}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="${size / 60}" fill="none"/>`;
    case 'coin':
      return `<circle cx="${cx}" cy="${cy}" r="${s}" fill="url(#icon)" stroke="#ffffff" stroke-width="${size / 30}"/>
        <circle cx="${cx}" cy="${cy}" r="${s * 0.72}" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="${size / 50}"/>
        <text x="${cx}" y="${cy + s * 0.28}" font-family="${FONT}" font-size="${s * 0.8}" font-weight="700" fill="#ffffff" text-anchor="middle">${esc(label)}</text>`;
    case 'crystal':
      return `<polygon points="${cx},${cy - s} ${cx + s * 0.55},${cy} ${cx},${cy + s} ${cx - s * 0.55},${cy}" fill="url(#icon)" stroke="#ffffff" stroke-width="${size / 40}"/>
        <polygon points="${cx},${cy - s} ${cx + s * 0.2},${cy} ${cx},${cy + s} ${cx - s * 0.2},${cy}" fill="#ffffff" fill-opacity="0.35"/>`;
    case 'star': {
      const points: string[] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? s : s * 0.45;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
      }
      return `<polygon points="${points.join(' ')}" fill="url(#icon)" stroke="#ffffff" stroke-width="${size / 40}" stroke-linejoin="round"/>`;
    }
    case 'token':
      return `<rect x="${cx - s * 0.8}" y="${cy - s}" width="${s * 1.6}" height="${s * 2}" rx="${s * 0.3}" fill="url(#icon)" stroke="#ffffff" stroke-width="${size / 40}"/>
        <text x="${cx}" y="${cy + s * 0.3}" font-family="${FONT}" font-size="${s * 0.9}" font-weight="700" fill="#ffffff" text-anchor="middle">★</text>`;
  }
}

export function logoSvg(game: GameArt, size = 256): string {
  const rand = seeded(game.title);
  const fontSize = game.initials.length > 2 ? size * 0.22 : size * 0.36;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>${gradient('bg', game.palette)}<radialGradient id="glow" cx="0.3" cy="0.25" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
  <rect width="${size}" height="${size}" rx="${size * 0.2}" fill="url(#bg)"/>
  <rect width="${size}" height="${size}" rx="${size * 0.2}" fill="url(#glow)"/>
  ${sparkles(rand, 14, size, size, '#ffffff')}
  <circle cx="${size / 2}" cy="${size * 0.45}" r="${size * 0.3}" fill="none" stroke="${game.palette.accent}" stroke-width="${size * 0.03}" opacity="0.9"/>
  <text x="${size / 2}" y="${size * 0.45 + fontSize * 0.36}" font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="#ffffff" text-anchor="middle" letter-spacing="1">${esc(game.initials)}</text>
  <text x="${size / 2}" y="${size * 0.9}" font-family="${FONT}" font-size="${size * 0.075}" font-weight="700" fill="#ffffff" fill-opacity="0.92" text-anchor="middle">${esc(shorten(game.title.split(':')[0]!, 20))}</text>
</svg>`;
}

export function bannerSvg(game: GameArt, width = 1200, height = 400): string {
  const rand = seeded(`${game.title}-banner`);
  let stripes = '';
  for (let i = 0; i < 6; i++) {
    const x = width * 0.45 + i * 110 + rand() * 40;
    stripes += `<polygon points="${x},0 ${x + 60},0 ${x - 140},${height} ${x - 200},${height}" fill="#ffffff" opacity="${(0.04 + rand() * 0.08).toFixed(2)}"/>`;
  }
  // Bold DejaVu runs about 0.62 em per character; keep the title clear of the badge on the right.
  const titleSize = Math.min(72, Math.floor((width * 0.6) / (game.title.length * 0.62)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>${gradient('bg', game.palette, 'horizontal')}${gradient('badge', { from: game.palette.accent, to: game.palette.to, accent: '' })}</defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${stripes}
  ${sparkles(rand, 60, width, height, '#ffffff')}
  <circle cx="${width * 0.83}" cy="${height * 0.5}" r="${height * 0.36}" fill="url(#badge)" stroke="#ffffff" stroke-opacity="0.8" stroke-width="6"/>
  <text x="${width * 0.83}" y="${height * 0.5 + (game.initials.length > 2 ? 30 : 40)}" font-family="${FONT}" font-size="${game.initials.length > 2 ? 84 : 110}" font-weight="700" fill="#ffffff" text-anchor="middle">${esc(game.initials)}</text>
  <text x="70" y="${height * 0.42}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="#ffffff">${esc(game.title)}</text>
  <text x="72" y="${height * 0.42 + 56}" font-family="${FONT}" font-size="30" fill="#ffffff" fill-opacity="0.9">Top up ${esc(game.currency)} in minutes</text>
  <rect x="70" y="${height * 0.72}" width="300" height="58" rx="29" fill="${game.palette.accent}"/>
  <text x="220" y="${height * 0.72 + 39}" font-family="${FONT}" font-size="26" font-weight="700" fill="#111111" text-anchor="middle">TOP UP NOW</text>
</svg>`;
}

/** A mock profile screen with the account details ringed, so a buyer sees where to find them. */
export function profileSvg(game: GameArt, width = 800, height = 500): string {
  const idLine =
    game.serverType === 'ZONEID' ? 'ID: 123456789 (2345)' : game.serverType === 'SERVER' ? 'UID: 812345678' : 'Player ID: 5123456789';
  const extra =
    game.serverType === 'ZONEID'
      ? 'User ID = 123456789 · Zone ID = 2345'
      : game.serverType === 'SERVER'
        ? 'Server: Asia (shown under your UID)'
        : 'Only the Player ID is needed';
  const boxWidth = idLine.length * 18 + 32;
  const arrowTip = 192 + boxWidth + 12;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>${gradient('bg', game.palette)}</defs>
  <rect width="${width}" height="${height}" fill="#0f172a"/>
  <rect x="30" y="30" width="${width - 60}" height="${height - 150}" rx="24" fill="url(#bg)"/>
  <circle cx="120" cy="130" r="58" fill="#ffffff" fill-opacity="0.9"/>
  <text x="120" y="148" font-family="${FONT}" font-size="48" font-weight="700" fill="${game.palette.to}" text-anchor="middle">${esc(game.initials.slice(0, 2))}</text>
  <text x="200" y="112" font-family="${FONT}" font-size="34" font-weight="700" fill="#ffffff">PlayerOne</text>
  <rect x="192" y="130" width="${boxWidth}" height="50" rx="10" fill="#000000" fill-opacity="0.35" stroke="#ff3b3b" stroke-width="5"/>
  <text x="208" y="165" font-family="${FONT}" font-size="28" font-weight="700" fill="#ffffff">${esc(idLine)}</text>
  <rect x="70" y="220" width="${width - 140}" height="22" rx="11" fill="#ffffff" fill-opacity="0.25"/>
  <rect x="70" y="260" width="${(width - 140) * 0.6}" height="22" rx="11" fill="#ffffff" fill-opacity="0.18"/>
  <rect x="70" y="300" width="${(width - 140) * 0.75}" height="22" rx="11" fill="#ffffff" fill-opacity="0.18"/>
  <path d="M ${width - 120} 300 C ${width - 140} 220, ${arrowTip + 60} 170, ${arrowTip + 14} 160" stroke="#ff3b3b" stroke-width="7" fill="none" stroke-linecap="round"/>
  <polygon points="${arrowTip},155 ${arrowTip + 24},146 ${arrowTip + 20},172" fill="#ff3b3b"/>
  <text x="${width / 2}" y="${height - 78}" font-family="${FONT}" font-size="28" font-weight="700" fill="#ffffff" text-anchor="middle">Where to find your ID</text>
  <text x="${width / 2}" y="${height - 44}" font-family="${FONT}" font-size="21" fill="#cbd5e1" text-anchor="middle">${esc(game.idHint)}</text>
  <text x="${width / 2}" y="${height - 14}" font-family="${FONT}" font-size="18" fill="#94a3b8" text-anchor="middle">${esc(extra)}</text>
</svg>`;
}

export function packageSvg(game: GameArt, size = 256): string {
  const rand = seeded(`${game.title}-pack`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${game.palette.from}"/><stop offset="1" stop-color="#0b1020"/></radialGradient>
    ${gradient('icon', { from: game.palette.accent, to: game.palette.to, accent: '' })}
  </defs>
  <rect width="${size}" height="${size}" rx="${size * 0.12}" fill="url(#bg)"/>
  ${sparkles(rand, 24, size, size, game.palette.accent)}
  ${iconShape(game.icon, size / 2, size * 0.44, size * 0.5, coinLabel(game.currency))}
  <text x="${size / 2}" y="${size * 0.9}" font-family="${FONT}" font-size="${size * 0.085}" font-weight="700" fill="#ffffff" text-anchor="middle">${esc(shorten(game.currency, 18))}</text>
</svg>`;
}

export function paymentLogoSvg(name: string, palette: Palette, size = 160): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>${gradient('bg', palette)}</defs>
  <rect width="${size}" height="${size}" rx="${size * 0.22}" fill="url(#bg)"/>
  <circle cx="${size / 2}" cy="${size * 0.4}" r="${size * 0.2}" fill="${palette.accent}"/>
  <text x="${size / 2}" y="${size * 0.47}" font-family="${FONT}" font-size="${size * 0.2}" font-weight="700" fill="${palette.from}" text-anchor="middle">${esc(name.slice(0, 1))}</text>
  <text x="${size / 2}" y="${size * 0.85}" font-family="${FONT}" font-size="${size * 0.15}" font-weight="700" fill="#ffffff" text-anchor="middle">${esc(name)}</text>
</svg>`;
}

/** 'UC' from 'UC', 'CP' from 'COD Points': what a coin shows. */
function coinLabel(currency: string): string {
  const words = currency.split(/\s+/).filter(Boolean);
  return words.length > 1
    ? words
        .map((w) => w[0])
        .join('')
        .slice(0, 2)
        .toUpperCase()
    : currency.slice(0, 2).toUpperCase();
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** WebP keeps the transparent rounded corners at a fraction of PNG's size, and encodes fast enough for start-up. */
const WEBP = { quality: 85, alphaQuality: 90 };
const JPEG = { quality: 82, progressive: true };

export type RenderJob = { svg: string; ext: RenderedImage['ext'] };

/**
 * Renders SVGs to WebP/JPEG with sharp in a short-lived child process, all in parallel. Rendering the demo
 * catalog's ~50 images inside the server left ~60 MB of native memory (librsvg/libvips buffers, malloc arenas of
 * sharp's threads) resident for the server's whole life; in a child it is all returned when the child exits
 * (docs/decisions/0019-performance-budgets.md, idle RSS). Images travel back as base64 JSON on stdout.
 */
export async function renderInChildProcess(jobs: RenderJob[]): Promise<RenderedImage[]> {
  const sharpPath = createRequire(import.meta.url).resolve('sharp');
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD_SOURCE, sharpPath], { stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => err.push(c));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  child.stdin.end(JSON.stringify({ jobs, webp: WEBP, jpeg: JPEG }));
  const code = await exited;
  if (code !== 0) throw new Error(`rendering the demo images failed (exit ${code}): ${Buffer.concat(err).toString().slice(0, 2000)}`);
  const images = JSON.parse(Buffer.concat(out).toString()) as string[];
  if (images.length !== jobs.length) throw new Error(`rendering the demo images gave ${images.length} of ${jobs.length} images`);
  return images.map((b64, i) => ({ data: Buffer.from(b64, 'base64'), ext: jobs[i]!.ext }));
}

const CHILD_SOURCE = `
import { pathToFileURL } from 'node:url';
const sharp = (await import(pathToFileURL(process.argv[1]).href)).default;
sharp.cache(false);
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { jobs, webp, jpeg } = JSON.parse(input);
// All at once: sharp spreads them over its thread pool, and whatever memory that takes goes when this process exits.
const out = await Promise.all(jobs.map(async (job) => {
  const image = sharp(Buffer.from(job.svg));
  return (await (job.ext === 'webp' ? image.webp(webp) : image.jpeg(jpeg)).toBuffer()).toString('base64');
}));
process.stdout.write(JSON.stringify(out));
`;

/** The images a demo game needs, logo, banner, profile, package. */
export function gameArtJobs(game: GameArt): RenderJob[] {
  return [
    { svg: logoSvg(game), ext: 'webp' },
    { svg: bannerSvg(game), ext: 'jpg' },
    { svg: profileSvg(game), ext: 'jpg' },
    { svg: packageSvg(game), ext: 'webp' },
  ];
}
