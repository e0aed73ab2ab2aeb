import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, imageFile, pageOf, renderDashboard } from '../../../components/dashboard/test-utils';
import { PackageFormDialog } from './package-form-dialog';

afterEach(() => vi.unstubAllGlobals());

const GAME_ID = '5b3e8a0e-8f43-4a57-9d0a-3f2f9a1b2c3d';

describe('TokenPackage form', () => {
  it('stays disabled without image, price, unit, title, currency or game; sends the multipart form', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) => {
      if (c.method === 'GET') return { payLoad: pageOf([{ id: GAME_ID, title: 'PUBG Mobile' }]) };
      if (c.method === 'POST') return { status: 201, payLoad: { id: 'p1' } };
    });
    const onOpenChange = vi.fn();
    renderDashboard(<PackageFormDialog open onOpenChange={onOpenChange} item={null} />);
    await screen.findByRole('option', { name: 'PUBG Mobile' });
    expect(calls[0]!.url).toBe('/api/v1/Game?currentPage=1&pageSize=1000');
    const create = screen.getByRole('button', { name: 'Create' });
    expect(screen.getByLabelText(/Currency/)).toHaveValue('MMK');
    expect(screen.getByLabelText(/Payment Method/)).toHaveValue('NORMAL');

    await user.selectOptions(screen.getByLabelText(/^Game/), GAME_ID);
    await user.type(screen.getByLabelText(/^Package Title/), '  ');
    await user.type(screen.getByLabelText(/^Unit/), '60');
    await user.type(screen.getByLabelText(/^Price/), '1500');
    await user.upload(screen.getByLabelText(/^Package Image/), imageFile('uc.png'));
    expect(create).toBeDisabled(); // blank title
    await user.type(screen.getByLabelText(/^Package Title/), '60 UC');
    expect(create).toBeEnabled();
    await user.clear(screen.getByLabelText(/Currency/));
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText(/Currency/), 'MMK');
    await user.selectOptions(screen.getByLabelText(/Payment Method/), 'PHONEBILL');
    await user.click(screen.getByLabelText(/CanAddQuantity/));
    await user.click(create);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/TokenPackage',
      body: {
        tokenTitle: '60 UC',
        unit: '60',
        price: '1500',
        currency: 'MMK',
        gameId: GAME_ID,
        paymentMethod: 'PHONEBILL',
        canAddQuantity: 'True',
        packageImage: '',
        file_PackageImage: 'file:uc.png',
      },
    });
  });

  it('lets an existing package keep its stored image', async () => {
    fakeServer(() => ({ payLoad: pageOf([{ id: GAME_ID, title: 'PUBG Mobile' }]) }));
    renderDashboard(
      <PackageFormDialog
        open
        onOpenChange={() => {}}
        item={{
          id: 'p1',
          tokenTitle: '60 UC',
          unit: 60,
          price: 1500,
          currency: 'MMK',
          gameId: GAME_ID,
          gameDto: { id: GAME_ID, title: 'PUBG Mobile' },
          paymentMethod: 'NORMAL',
          canAddQuantity: true,
          packageImage: '/uploads/p.png',
          createdDate: '',
        }}
      />,
    );
    await screen.findByRole('option', { name: 'PUBG Mobile' });
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });
});
