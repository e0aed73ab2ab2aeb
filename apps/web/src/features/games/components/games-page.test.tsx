import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { GameDto } from '@topup/contract/games';
import i18n from '../../../lib/i18n';
import { fakeServer, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { GamesPage } from './games-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function game(id: string, title: string, serverType: GameDto['serverType']): GameDto {
  return {
    id,
    title,
    description: '',
    orderIndex: 1,
    serverType,
    isDisable: false,
    logo: null,
    bannerImage: null,
    gameProfileImage: null,
    createdAt: '2026-11-20T10:00:00Z',
  };
}

const GAMES = [game('g1', 'PUBG Mobile', 'NONE'), game('g2', 'Genshin Impact', 'SERVER'), game('g3', 'Mobile Legends', 'ZONEID')];

/** The server type shown in each game's row, by title. */
function typeCells(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const g of GAMES) {
    const row = screen.getByText(g.title).closest('tr')!;
    out[g.title] = within(row).getAllByRole('cell')[1]!.textContent!;
  }
  return out;
}

describe('the games list', () => {
  it('names the server types in words, in English and in Burmese, never the stored codes', async () => {
    fakeServer((c) => (c.url.startsWith('/api/v1/Game') ? { payLoad: pageOf(GAMES) } : undefined));
    renderDashboard(<GamesPage />);
    await screen.findByText('Mobile Legends');
    expect(typeCells()).toEqual({ 'PUBG Mobile': 'No server', 'Genshin Impact': 'Server', 'Mobile Legends': 'Zone ID' });

    await act(() => i18n.changeLanguage('mm'));
    expect(typeCells()).toEqual({ 'PUBG Mobile': 'ဆာဗာ မလို', 'Genshin Impact': 'ဆာဗာ', 'Mobile Legends': 'ဇုန် ID' });
    expect(document.body.textContent).not.toMatch(/NONE|SERVER|ZONEID/);
  });
});
