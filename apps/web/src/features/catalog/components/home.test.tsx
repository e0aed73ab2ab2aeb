// Home: carousel vs single banner (fewer than 3 games in total → one static banner of the first game), the
// carousel's 3 s autoplay and dots, and 'See More' adding 12 to the page size until every game is shown.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/providers';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameDto } from '@topup/contract/games';
import i18n from '../../../lib/i18n';
import { HomePage } from '../../../app/routes/home';
import { setAppDataForTest } from '../../../lib/app-data';
import { HomeBanner } from './home-banner';

const gameOf = (n: number, over: Partial<GameDto> = {}): GameDto => ({
  id: `g${n}`,
  title: `Game ${n}`,
  description: '',
  orderIndex: n,
  serverType: 'NONE',
  isDisable: false,
  logo: `/uploads/logo${n}.png`,
  bannerImage: `/uploads/banner${n}.jpg`,
  gameProfileImage: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

const renderIn = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setAppDataForTest(null);
});

describe('home banner', () => {
  it('shows one static banner of the first game when there are fewer than 3 games', () => {
    renderIn(<HomeBanner banners={[gameOf(1), gameOf(2)]} firstGame={gameOf(1)} totalGames={2} />);
    expect(screen.getByTestId('single-banner')).toBeInTheDocument();
    expect(screen.queryByTestId('banner-carousel')).not.toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/game/g1');
    expect(screen.getByRole('img', { name: 'Game 1' })).toHaveAttribute('src', '/uploads/banner1.jpg');
  });

  it('shows the looping carousel with dots from 3 games on, advancing every 3 seconds', () => {
    vi.useFakeTimers();
    renderIn(<HomeBanner banners={[gameOf(1), gameOf(2), gameOf(3)]} firstGame={gameOf(1)} totalGames={3} />);
    expect(screen.queryByTestId('single-banner')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('carousel-slide')).toHaveLength(3);
    const links = screen.getAllByRole('link', { hidden: true }).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/game/g1', '/game/g2', '/game/g3']);
    const current = () => screen.getAllByTestId('carousel-dot').findIndex((d) => d.getAttribute('aria-current') === 'true');
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(2999));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(6000));
    expect(current()).toBe(0); // wrapped round after the last slide
    fireEvent.click(screen.getAllByTestId('carousel-dot')[2]!);
    expect(current()).toBe(2);
  });
});

describe('See More', () => {
  it('adds 12 to the page size per press and disappears once every game is shown', async () => {
    const all = Array.from({ length: 30 }, (_, i) => gameOf(i + 1));
    const sizes: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://shop.test');
        if (url.pathname === '/api/v1/Game/BannerList')
          return Response.json({ statusCode: 200, message: '', payLoad: null, payLoadList: all.slice(0, 3) });
        const pageSize = Number(url.searchParams.get('pageSize'));
        sizes.push(pageSize);
        const items = all.slice(0, pageSize);
        return Response.json({
          statusCode: 200,
          message: '',
          payLoad: {
            items,
            paging: {
              currentPage: 1,
              pageSize,
              totalCount: 30,
              totalPages: Math.ceil(30 / pageSize),
              previousPage: null,
              nextPage: null,
              firstRowOnPage: 1,
              lastRowOnPage: items.length,
            },
          },
          payLoadList: null,
        });
      }),
    );
    renderIn(<HomePage />);
    const cards = async (n: number) =>
      expect(
        await screen.findAllByRole('link', { name: /^Game \d+$/ }).then((l) => l.filter((a) => a.closest('[data-testid="game-grid"]'))),
      ).toHaveLength(n);
    await cards(12);
    fireEvent.click(screen.getByRole('button', { name: 'See More' }));
    await vi.waitFor(() => expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(24));
    await cards(24);
    fireEvent.click(screen.getByRole('button', { name: 'See More' }));
    await vi.waitFor(() => expect(screen.getByTestId('game-grid').querySelectorAll('li')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'See More' })).not.toBeInTheDocument();
    expect(sizes).toEqual([12, 24, 36]);
  });

  it('is absent with 12 games or fewer, and hides disabled games; the embedded data needs no request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const items = [gameOf(1), gameOf(2), gameOf(3, { isDisable: true })];
    setAppDataForTest({
      renderedAt: Date.now(),
      bannerList: items.slice(0, 2),
      games: {
        items,
        paging: {
          currentPage: 1,
          pageSize: 12,
          totalCount: 3,
          totalPages: 1,
          previousPage: null,
          nextPage: null,
          firstRowOnPage: 1,
          lastRowOnPage: 3,
        },
      },
    });
    renderIn(<HomePage />);
    const grid = screen.getByTestId('game-grid');
    expect(grid.querySelectorAll('li')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'See More' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
