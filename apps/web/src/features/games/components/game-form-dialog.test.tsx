import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, imageFile, renderDashboard } from '../../../components/dashboard/test-utils';
import { GameFormDialog } from './game-form-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('Add Game form', () => {
  it('submits only with logo, profile image, a non-blank title, an order index other than 0 and a server type', async () => {
    const user = userEvent.setup();
    const calls = fakeServer((c) =>
      c.method === 'POST'
        ? {
            status: 201,
            payLoad: {
              id: 'g1',
              title: 'Mobile Legends',
              description: '',
              orderIndex: 1,
              serverType: 'ZONEID',
              isDisable: false,
              logo: '/uploads/a.png',
              bannerImage: null,
              gameProfileImage: '/uploads/b.png',
              createdAt: new Date().toISOString(),
            },
          }
        : undefined,
    );
    const onOpenChange = vi.fn();
    renderDashboard(<GameFormDialog open onOpenChange={onOpenChange} game={null} />);
    const submit = screen.getByRole('button', { name: 'Create' });
    expect(screen.getByLabelText(/Order Index/)).toHaveValue(1);
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText(/^Title/), '   ');
    await user.upload(screen.getByLabelText(/^Logo/), imageFile('logo.png'));
    await user.upload(screen.getByLabelText(/^Game Profile Image/), imageFile('profile.png'));
    await user.selectOptions(screen.getByLabelText(/Server Type/), 'ZONEID');
    expect(submit).toBeDisabled(); // title is blank

    await user.clear(screen.getByLabelText(/^Title/));
    await user.type(screen.getByLabelText(/^Title/), 'Mobile Legends');
    expect(submit).toBeEnabled();

    await user.clear(screen.getByLabelText(/Order Index/));
    await user.type(screen.getByLabelText(/Order Index/), '0');
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText(/Order Index/));
    await user.type(screen.getByLabelText(/Order Index/), '2');
    expect(submit).toBeEnabled();

    await user.selectOptions(screen.getByLabelText(/Server Type/), '');
    expect(submit).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Server Type/), 'ZONEID');

    await user.click(submit);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/Game',
      body: {
        title: 'Mobile Legends',
        orderIndex: '2',
        serverType: 'ZONEID',
        isDisable: 'False',
        logo: '',
        bannerImage: '',
        file_Logo: 'file:logo.png',
        file_GameProfileImage: 'file:profile.png',
      },
    });
  });

  it('accepts images only and shows the server error in red', async () => {
    const user = userEvent.setup({ applyAccept: false });
    fakeServer(() => ({ status: 400, message: 'Some fields are not valid.', errors: { title: ['Must be at most 100 characters.'] } }));
    renderDashboard(<GameFormDialog open onOpenChange={() => {}} game={null} />);
    expect(screen.getByLabelText(/^Logo/)).toHaveAttribute('accept', 'image/*');
    await user.upload(screen.getByLabelText(/^Logo/), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await user.upload(screen.getByLabelText(/^Game Profile Image/), imageFile());
    await user.type(screen.getByLabelText(/^Title/), 'G');
    await user.selectOptions(screen.getByLabelText(/Server Type/), 'NONE');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled(); // the text file was refused
    await user.upload(screen.getByLabelText(/^Logo/), imageFile());
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Must be at most 100 characters.');
    expect(alert).toHaveClass('text-red-600');
  });

  it('lets an existing game keep its stored images', () => {
    fakeServer(() => undefined);
    renderDashboard(
      <GameFormDialog
        open
        onOpenChange={() => {}}
        game={{
          id: 'g1',
          title: 'PUBG',
          description: '',
          orderIndex: 3,
          serverType: 'NONE',
          isDisable: false,
          logo: '/uploads/l.png',
          bannerImage: null,
          gameProfileImage: '/uploads/p.png',
          createdAt: '',
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Edit Game' })).toBeInTheDocument();
    // The server type is chosen by words, the stored code only as the option's value.
    const types = screen.getByLabelText(/Server Type/) as HTMLSelectElement;
    expect([...types.options].filter((o) => o.value).map((o) => [o.value, o.textContent])).toEqual([
      ['NONE', 'No server'],
      ['SERVER', 'Server'],
      ['ZONEID', 'Zone ID'],
    ]);
    expect(types.value).toBe('NONE');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });
});
