// The demo catalog seeded on a database's first run (unless SEED_DEMO=false): games of every server type
// (one disabled), packages for both payment methods, two payment accounts, and generated images for all of them.
import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '@topup/contract/limits';
import type { AppContext } from '../context.ts';
import type { GamesTable, TokenPackagesTable } from '../db/schema.ts';
import { insertPaymentAccount } from '../modules/payment-accounts/payment-accounts.repository.ts';
import { insertGame } from '../modules/games/games.repository.ts';
import { insertPackage } from '../modules/token-packages/token-packages.repository.ts';
import { gameArtJobs, paymentLogoSvg, renderInChildProcess, type GameArt, type Palette, type RenderedImage } from './demo-images.ts';
import { isShopEmpty, lockForSeeding } from './seed.repository.ts';

/** [title, unit, price in MMK, payment method, can add quantity] */
type DemoPackage = [string, number, number, PaymentMethod, boolean];

type DemoGame = GameArt & { description: string; isDisable: boolean; packages: DemoPackage[] };

/** A demo text in Burmese first (the shop's language), then in English, as an owner would write it for both. */
function bilingual(mm: string, en: string): string {
  return `${mm}\n${en}`;
}

const N = 'NORMAL';
const P = 'PHONEBILL';

export const DEMO_GAMES: DemoGame[] = [
  {
    title: 'Mobile Legends: Bang Bang',
    initials: 'ML',
    palette: { from: '#1e3a8a', to: '#7c3aed', accent: '#facc15' },
    serverType: 'ZONEID',
    currency: 'Diamonds',
    icon: 'gem',
    idHint: 'Tap your avatar at the top left: the number in brackets is the Zone ID.',
    description: bilingual(
      '၅ ဦး နှင့် ၅ ဦး MOBA ဂိမ်း။ User ID နှင့် ဇုန် ID ကို ထည့်ပါ၊ Diamonds များ မိနစ်ပိုင်းအတွင်း ရောက်ပါမည်။',
      '5v5 MOBA. Enter your User ID and Zone ID; diamonds arrive in a few minutes.',
    ),
    isDisable: false,
    packages: [
      ['11 Diamonds', 11, 800, N, true],
      ['56 Diamonds', 56, 3_900, N, true],
      ['86 Diamonds', 86, 5_500, N, true],
      ['172 Diamonds', 172, 10_900, N, false],
      ['257 Diamonds', 257, 16_300, N, false],
      ['706 Diamonds', 706, 43_500, N, false],
      ['Weekly Diamond Pass', 1, 6_900, N, true],
      ['86 Diamonds', 86, 6_300, P, false],
      ['172 Diamonds', 172, 12_500, P, false],
      ['Weekly Diamond Pass', 1, 7_900, P, true],
    ],
  },
  {
    title: 'PUBG Mobile',
    initials: 'PM',
    palette: { from: '#78350f', to: '#f59e0b', accent: '#fde68a' },
    serverType: 'NONE',
    currency: 'UC',
    icon: 'coin',
    idHint: 'Open your profile: the Character ID is under your name.',
    description: bilingual('Battle royale ဂိမ်း။ Character ID တစ်ခုတည်းသာ လိုပါသည်။', 'Battle royale. Only your Character ID is needed.'),
    isDisable: false,
    packages: [
      ['60 UC', 60, 4_200, N, true],
      ['325 UC', 325, 20_500, N, false],
      ['660 UC', 660, 41_000, N, false],
      ['1800 UC', 1800, 102_000, N, false],
      ['60 UC', 60, 4_800, P, true],
      ['325 UC', 325, 23_500, P, false],
    ],
  },
  {
    title: 'Genshin Impact',
    initials: 'GI',
    palette: { from: '#0e7490', to: '#1e40af', accent: '#fef3c7' },
    serverType: 'SERVER',
    currency: 'Genesis Crystals',
    icon: 'crystal',
    idHint: 'Paimon menu: your UID is at the bottom right; choose your server below.',
    description: bilingual(
      'Open-world စွန့်စားခန်း ဂိမ်း။ UID ကို ထည့်ပြီး ဆာဗာကို ရွေးပါ။',
      'Open-world adventure. Enter your UID and choose your server.',
    ),
    isDisable: false,
    packages: [
      ['60 Genesis Crystals', 60, 4_300, N, true],
      ['330 Genesis Crystals', 330, 20_900, N, false],
      ['1090 Genesis Crystals', 1090, 64_000, N, false],
      ['Blessing of the Welkin Moon', 1, 20_500, N, true],
      ['60 Genesis Crystals', 60, 4_900, P, true],
    ],
  },
  {
    title: 'Free Fire',
    initials: 'FF',
    palette: { from: '#991b1b', to: '#ea580c', accent: '#fcd34d' },
    serverType: 'NONE',
    currency: 'Diamonds',
    icon: 'gem',
    idHint: 'Tap your avatar at the top left: the ID is under your nickname.',
    description: bilingual('မြန်ဆန်သော battle royale ဂိမ်း။ Player ID တစ်ခုတည်းသာ လိုပါသည်။', 'Fast battle royale. Only your Player ID is needed.'),
    isDisable: false,
    packages: [
      ['100 Diamonds', 100, 3_300, N, true],
      ['310 Diamonds', 310, 9_900, N, false],
      ['520 Diamonds', 520, 16_400, N, false],
      ['Weekly Membership', 1, 6_500, N, true],
      ['100 Diamonds', 100, 3_800, P, true],
      ['310 Diamonds', 310, 11_400, P, false],
    ],
  },
  {
    title: 'Honor of Kings',
    initials: 'HoK',
    palette: { from: '#713f12', to: '#b45309', accent: '#fde047' },
    serverType: 'NONE',
    currency: 'Tokens',
    icon: 'token',
    idHint: 'Open your profile: copy the UID shown beside your level.',
    description: bilingual('၅ ဦး နှင့် ၅ ဦး တိုက်ပွဲ ဂိမ်း။ UID တစ်ခုတည်းသာ လိုပါသည်။', 'The 5v5 arena. Only your UID is needed.'),
    isDisable: false,
    packages: [
      ['80 Tokens', 80, 3_600, N, true],
      ['240 Tokens', 240, 10_500, N, false],
      ['400 Tokens', 400, 17_400, N, false],
      ['80 Tokens', 80, 4_100, P, true],
    ],
  },
  {
    title: 'Call of Duty: Mobile',
    initials: 'COD',
    palette: { from: '#111827', to: '#374151', accent: '#a3e635' },
    serverType: 'NONE',
    currency: 'COD Points',
    icon: 'coin',
    idHint: 'Tap your profile card: the UID is under your player name.',
    description: bilingual('ဖုန်းပေါ်က ပစ်ခတ်တိုက်ခိုက်ရေး ဂိမ်း။ UID တစ်ခုတည်းသာ လိုပါသည်။', 'Shooter on the go. Only your UID is needed.'),
    isDisable: false,
    packages: [
      ['80 CP', 80, 3_700, N, true],
      ['420 CP', 420, 18_500, N, false],
      ['880 CP', 880, 37_000, N, false],
      ['80 CP', 80, 4_300, P, true],
    ],
  },
  {
    title: 'Honkai: Star Rail',
    initials: 'HSR',
    palette: { from: '#312e81', to: '#0f172a', accent: '#c4b5fd' },
    serverType: 'SERVER',
    currency: 'Oneiric Shards',
    icon: 'star',
    idHint: 'Phone menu: your UID is at the bottom left; choose your server below.',
    description: bilingual('အာကာသ စိတ်ကူးယဉ် RPG ဂိမ်း။ UID ကို ထည့်ပြီး ဆာဗာကို ရွေးပါ။', 'Space-fantasy RPG. Enter your UID and choose your server.'),
    isDisable: false,
    packages: [
      ['60 Oneiric Shards', 60, 4_300, N, true],
      ['300 Oneiric Shards', 300, 20_900, N, false],
      ['Express Supply Pass', 1, 20_500, N, true],
      ['60 Oneiric Shards', 60, 4_900, P, true],
    ],
  },
  {
    title: 'Clash of Clans',
    initials: 'CoC',
    palette: { from: '#065f46', to: '#0369a1', accent: '#fbbf24' },
    serverType: 'NONE',
    currency: 'Gems',
    icon: 'gem',
    idHint: 'Open your profile: the player tag starting with # is under your name.',
    description: bilingual('သင့်ရွာကို တည်ဆောက်ပါ။ # ဖြင့်စသော player tag တစ်ခုတည်းသာ လိုပါသည်။', 'Build your village. Only your player tag is needed.'),
    isDisable: false,
    packages: [
      ['80 Gems', 80, 4_200, N, true],
      ['500 Gems', 500, 20_900, N, false],
      ['Gold Pass', 1, 29_000, N, false],
      ['80 Gems', 80, 4_800, P, true],
    ],
  },
  {
    title: 'Valorant',
    initials: 'VAL',
    palette: { from: '#881337', to: '#ef4444', accent: '#fecdd3' },
    serverType: 'NONE',
    currency: 'VP',
    icon: 'star',
    idHint: 'Your Riot ID is shown at the top of the home screen.',
    description: bilingual('မကြာမီ ရောက်လာမည်၊ ဖွင့်ပေးသည်အထိ ဆိုင်တွင် မပြပါ။', 'Coming soon: hidden from the storefront until it is enabled.'),
    isDisable: true,
    packages: [
      ['475 VP', 475, 20_500, N, false],
      ['1000 VP', 1000, 41_000, N, false],
      ['475 VP', 475, 23_500, P, false],
    ],
  },
];

/** Wallets for mobile banking, and a number to send phone-bill credit to: each payment method shows its own. */
const DEMO_ACCOUNTS: Array<{ paymentName: string; phone: string; holderName: string; paymentMethod: PaymentMethod; palette: Palette }> = [
  {
    paymentName: 'KBZPay',
    phone: '09777123456',
    holderName: 'U Aung Ko',
    paymentMethod: N,
    palette: { from: '#1d4ed8', to: '#1e3a8a', accent: '#ffffff' },
  },
  {
    paymentName: 'WavePay',
    phone: '09950123456',
    holderName: 'Daw Hnin Wai',
    paymentMethod: N,
    palette: { from: '#fbbf24', to: '#0ea5e9', accent: '#1e3a8a' },
  },
  {
    paymentName: 'MPT',
    phone: '09420123456',
    holderName: 'U Aung Ko',
    paymentMethod: P,
    palette: { from: '#facc15', to: '#ca8a04', accent: '#1e3a8a' },
  },
];

export type SeedSummary = { games: number; packages: number; paymentAccounts: number };

/** Seeds the demo catalog on an empty shop; returns null (and does nothing) otherwise or when SEED_DEMO=false. */
export async function seedDemoCatalog(ctx: AppContext): Promise<SeedSummary | null> {
  if (!ctx.config.seedDemo || !(await isShopEmpty(ctx.db))) return null;

  const stored: string[] = [];
  const save = async (image: { data: Buffer; ext: string }) => {
    const name = await ctx.media.storage.save('public', image.data, image.ext);
    stored.push(name);
    return name;
  };

  try {
    // In a child process, so the server keeps none of the rendering's native memory (demo-images.ts).
    const rendered = await renderInChildProcess([
      ...DEMO_GAMES.flatMap((game) => gameArtJobs(game)),
      ...DEMO_ACCOUNTS.map((a) => ({ svg: paymentLogoSvg(a.paymentName, a.palette), ext: 'webp' as const })),
    ]);
    const arts = DEMO_GAMES.map((_, i) => {
      const [logo, banner, profile, pack] = rendered.slice(i * 4, i * 4 + 4) as [
        RenderedImage,
        RenderedImage,
        RenderedImage,
        RenderedImage,
      ];
      return { logo, banner, profile, pack };
    });
    const accountLogos = rendered.slice(DEMO_GAMES.length * 4);
    const gameImages = await Promise.all(
      arts.map(async (art) => ({
        logo: await save(art.logo),
        banner: await save(art.banner),
        profile: await save(art.profile),
        // One image per game serves all its packages; a shared file is only removed once no row shows it.
        pack: await save(art.pack),
      })),
    );
    const accountLogoNames = await Promise.all(accountLogos.map(save));

    const summary = await ctx.db.transaction().execute(async (trx) => {
      await lockForSeeding(trx, ctx.dialect);
      if (!(await isShopEmpty(trx))) return null;
      // Distinct, increasing times keep the lists' order stable (packages: newest first).
      const start = Date.now() - 60_000;
      let tick = 0;
      const at = () => new Date(start + tick++ * 10).toISOString();
      let packages = 0;
      for (const [i, game] of DEMO_GAMES.entries()) {
        const images = gameImages[i]!;
        const created = at();
        const row: GamesTable = {
          id: randomUUID(),
          title: game.title,
          description: game.description,
          order_index: i + 1,
          server_type: game.serverType,
          is_disable: game.isDisable ? 1 : 0,
          logo: images.logo,
          banner_image: images.banner,
          game_profile_image: images.profile,
          created_at: created,
          updated_at: created,
        };
        await insertGame(trx, row);
        for (const [tokenTitle, unit, price, paymentMethod, canAddQuantity] of game.packages) {
          const when = at();
          const pack: TokenPackagesTable = {
            id: randomUUID(),
            game_id: row.id,
            token_title: tokenTitle,
            unit,
            price,
            currency: 'MMK',
            payment_method: paymentMethod,
            can_add_quantity: canAddQuantity ? 1 : 0,
            package_image: images.pack,
            created_at: when,
            updated_at: when,
          };
          await insertPackage(trx, pack);
          packages++;
        }
      }
      for (const [i, account] of DEMO_ACCOUNTS.entries()) {
        await insertPaymentAccount(trx, {
          id: randomUUID(),
          payment_name: account.paymentName,
          phone: account.phone,
          is_active: 1,
          order_index: i + 1,
          logo: accountLogoNames[i]!,
          created_at: at(),
          holder_name: account.holderName,
          payment_method: account.paymentMethod,
        });
      }
      return { games: DEMO_GAMES.length, packages, paymentAccounts: DEMO_ACCOUNTS.length };
    });
    if (!summary) await ctx.media.discard('public', stored);
    return summary;
  } catch (err) {
    await ctx.media.discard('public', stored);
    throw err;
  }
}
