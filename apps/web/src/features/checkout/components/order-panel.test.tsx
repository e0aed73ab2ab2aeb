// The game page's buying rules as a buyer meets them: Buy Now's condition, the payment-method filter, quantity
// bounds and reset, sub total, the transaction number's input and messages (mm and en), and server answers.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameDetailDto } from '@topup/contract/games';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import i18n from '../../../lib/i18n';
import { ApiError, request } from '../../../lib/http';
import { OrderPanel } from './order-panel';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  request: vi.fn(),
}));
const requestMock = vi.mocked(request);

function pkg(id: string, over: Partial<TokenPackageDto>): TokenPackageDto {
  return {
    id,
    tokenTitle: `Pack ${id}`,
    unit: 10,
    price: 1000,
    currency: 'MMK',
    gameId: 'g1',
    gameDto: { id: 'g1', title: 'Game' },
    paymentMethod: 'NORMAL',
    canAddQuantity: false,
    packageImage: null,
    createdDate: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

function game(over: Partial<GameDetailDto> = {}): GameDetailDto {
  return {
    id: 'g1',
    title: 'Test Game',
    description: '',
    orderIndex: 1,
    serverType: 'NONE',
    isDisable: false,
    logo: null,
    bannerImage: null,
    gameProfileImage: '/uploads/profile.jpg',
    createdAt: '2025-01-01T00:00:00.000Z',
    tokenPackageDto: [
      pkg('a', { tokenTitle: '86 Diamonds', price: 5500, canAddQuantity: true }),
      pkg('b', { tokenTitle: '172 Diamonds', price: 10900 }),
      pkg('c', { tokenTitle: 'Phone 86', price: 6300, paymentMethod: 'PHONEBILL', canAddQuantity: true }),
    ],
    configSettingDtos: [
      {
        id: 'k1',
        paymentName: 'KBZ Pay',
        phone: '09123456789',
        orderIndex: 1,
        logo: null,
        isActive: true,
        holderName: 'U Aung',
        paymentMethod: 'NORMAL',
      },
    ],
    ...over,
  };
}

function Home() {
  const location = useLocation();
  return <p data-testid="home">{(location.state as { message?: string } | null)?.message}</p>;
}

function renderPanel(g: GameDetailDto = game(), onStockChanged?: () => void) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/game/${g.id}`]}>
        <Routes>
          <Route path="/game/:gameId" element={<OrderPanel game={g} onStockChanged={onStockChanged} />} />
          <Route path="/" element={<Home />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const user = () => userEvent.setup();
const buyNow = () => screen.getByRole('button', { name: i18n.t('storefront:game.buyNow') });
const pack = (title: string) => screen.getByRole('button', { name: new RegExp(title) });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
  requestMock.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

async function fillAccount(u: ReturnType<typeof userEvent.setup>, mobile = '09123456789') {
  await u.type(screen.getByLabelText('User ID'), '12345678');
  await u.type(screen.getByLabelText('Mobile number'), mobile);
}

describe('Buy Now', () => {
  it('is disabled until a package, the user ID and the mobile number are all set', async () => {
    const u = user();
    renderPanel();
    expect(buyNow()).toBeDisabled();
    await u.type(screen.getByLabelText('User ID'), '123');
    expect(buyNow()).toBeDisabled();
    await u.type(screen.getByLabelText('Mobile number'), '09123456789');
    expect(buyNow()).toBeDisabled();
    await u.click(pack('86 Diamonds'));
    expect(buyNow()).toBeEnabled();
    await u.clear(screen.getByLabelText('User ID'));
    expect(buyNow()).toBeDisabled();
  });

  it('asks for the server of a SERVER game before opening the dialog', async () => {
    const u = user();
    renderPanel(game({ serverType: 'SERVER' }));
    const select = screen.getByLabelText('Server');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select server', 'America', 'Europe', 'Asia', 'TW, HK, MO']);
    await fillAccount(u);
    await u.click(pack('86 Diamonds'));
    await u.click(buyNow());
    expect(screen.getByText('Please choose a server.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a Zone ID text field for ZONEID and no server field for NONE', () => {
    const { unmount } = renderPanel(game({ serverType: 'ZONEID' }));
    expect(screen.getByLabelText('Zone ID').tagName).toBe('INPUT');
    unmount();
    renderPanel(game({ serverType: 'NONE' }));
    expect(screen.queryByLabelText('Zone ID')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Server')).not.toBeInTheDocument();
  });

  it('toggles the game profile image with the help icon', async () => {
    const u = user();
    renderPanel();
    expect(screen.queryByAltText(/Where to find your account details/)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Where do I find my ID?' }));
    expect(screen.getByAltText('Where to find your account details in Test Game')).toHaveAttribute('src', '/uploads/profile.jpg');
    await u.click(screen.getByRole('button', { name: 'Where do I find my ID?' }));
    expect(screen.queryByAltText(/Where to find your account details/)).not.toBeInTheDocument();
  });
});

describe('payment method', () => {
  it('defaults to Mobile Banking and shows only the chosen method’s packages', async () => {
    const u = user();
    renderPanel();
    expect(screen.getByLabelText('Mobile Banking')).toBeChecked();
    const titles = () => screen.getAllByTestId('package').map((b) => b.textContent);
    expect(titles().some((t) => t?.includes('86 Diamonds'))).toBe(true);
    expect(titles().some((t) => t?.includes('Phone 86'))).toBe(false);
    await u.click(pack('86 Diamonds'));
    await u.click(screen.getByLabelText('Phone Bill'));
    expect(titles()).toHaveLength(1);
    expect(titles()[0]).toContain('Phone 86');
    // The package chosen under the other method is no longer chosen.
    expect(screen.queryByTestId('selected-package')).not.toBeInTheDocument();
  });
});

describe('quantity and totals', () => {
  it('steps between 1 and 10 only for packages that can add quantity, and totals price × quantity', async () => {
    const u = user();
    renderPanel();
    await u.click(pack('172 Diamonds'));
    expect(screen.queryByTestId('quantity')).not.toBeInTheDocument();
    expect(screen.getByTestId('sub-total')).toHaveTextContent('10,900 MMK');

    await u.click(pack('86 Diamonds'));
    expect(screen.getByTestId('quantity')).toHaveTextContent('1');
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(minus).toBeDisabled();
    for (let i = 0; i < 12; i++) await u.click(plus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('10');
    expect(plus).toBeDisabled();
    expect(screen.getByTestId('sub-total')).toHaveTextContent('55,000 MMK');
    expect(screen.getByTestId('total')).toHaveTextContent('55,000 MMK');
    await u.click(minus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('9');
    expect(screen.getByTestId('sub-total')).toHaveTextContent('49,500 MMK');

    // A package that can't add quantity sets it back to 1; choosing the first again starts from 1.
    await u.click(pack('172 Diamonds'));
    expect(screen.getByTestId('total')).toHaveTextContent('10,900 MMK');
    await u.click(pack('86 Diamonds'));
    expect(screen.getByTestId('quantity')).toHaveTextContent('1');
    expect(screen.getByTestId('total')).toHaveTextContent('5,500 MMK');
  });
});

async function openDialog(u: ReturnType<typeof userEvent.setup>) {
  await fillAccount(u);
  await u.click(pack('86 Diamonds'));
  await u.click(screen.getByRole('button', { name: 'Increase quantity' }));
  await u.click(buyNow());
  return screen.findByRole('dialog');
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });

describe('confirm dialog', () => {
  it('shows the summary in MMK and the payment accounts', async () => {
    const u = user();
    renderPanel();
    const dialog = await openDialog(u);
    expect(within(dialog).getByTestId('confirm-quantity')).toHaveTextContent('2');
    expect(within(dialog).getByTestId('confirm-total')).toHaveTextContent('11,000 MMK');
    expect(within(dialog).getByRole('button', { name: 'Copy 09123456789' })).toHaveTextContent('KBZ Pay');
  });

  it('keeps digits only, cuts at 6, and says so on blur and on confirm (English)', async () => {
    const u = user();
    renderPanel();
    const dialog = await openDialog(u);
    const input = within(dialog).getByLabelText('Transaction number (6 digits)');
    // The check compares these digits with the end of the receipt's id: the buyer is told which 6.
    expect(input).toHaveAccessibleDescription('The last 6 digits of the transaction ID (Transaction No.) on your payment receipt.');
    await u.type(input, '12ab3');
    expect(input).toHaveValue('123');
    await u.tab();
    expect(within(dialog).getByText('Transaction number must be exactly 6 digits.')).toBeInTheDocument();
    await u.type(input, '4567890');
    expect(input).toHaveValue('123456');
    expect(within(dialog).queryByText('Transaction number must be exactly 6 digits.')).not.toBeInTheDocument();

    const confirm = within(dialog).getByTestId('confirm-order');
    expect(confirm).toBeDisabled(); // no screenshot yet
    await u.upload(within(dialog).getByTestId('screenshot-input'), png());
    expect(await within(dialog).findByAltText('Preview of the payment screenshot')).toBeInTheDocument();
    expect(confirm).toBeEnabled();
    await u.clear(input);
    await u.type(input, '12');
    await u.click(confirm);
    expect(within(dialog).getByText('Transaction number must be exactly 6 digits.')).toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('shows the Burmese message in mm', async () => {
    await i18n.changeLanguage('mm');
    const u = user();
    renderPanel();
    await u.type(screen.getByLabelText('အသုံးပြုသူ ID'), '12345678');
    await u.type(screen.getByLabelText('ဖုန်းနံပါတ်'), '09123456789');
    await u.click(pack('86 Diamonds'));
    await u.click(screen.getByRole('button', { name: 'ယခုဝယ်မည်' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('ငွေလွှဲနံပါတ် (ဂဏန်း ၆ လုံး)');
    await u.type(input, '99');
    await u.tab();
    expect(within(dialog).getByText('ငွေလွှဲနံပါတ်သည် ဂဏန်း ၆ လုံး အတိအကျ ဖြစ်ရမည်။')).toBeInTheDocument();
  });

  it('sends the order once, shows Processing..., and on 201 goes home with the success message', async () => {
    let resolve!: (v: Awaited<ReturnType<typeof request>>) => void;
    requestMock.mockImplementation(() => new Promise((r) => (resolve = r)));
    const u = user();
    renderPanel();
    const dialog = await openDialog(u);
    await u.type(within(dialog).getByLabelText('Transaction number (6 digits)'), '123456');
    await u.upload(within(dialog).getByTestId('screenshot-input'), png());
    const confirm = await within(dialog).findByRole('button', { name: 'Confirm' });
    await u.click(confirm);
    expect(confirm).toHaveTextContent('Processing...');
    expect(confirm).toBeDisabled();
    await u.click(confirm);
    expect(requestMock).toHaveBeenCalledTimes(1);
    const [path, options] = requestMock.mock.calls[0]!;
    expect(path).toBe('/api/v1/Order');
    const form = options!.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      inGameUserId: '12345678',
      serverInfo: '',
      mobileNumber: '09123456789',
      tokenPackageId: 'a',
      quantity: '2',
      subTotal: '11000',
      transactionNumber: '123456',
      screenShot: '',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    expect(form.get('file_ScreenShot')).toBeInstanceOf(File);
    expect(options!.onUploadProgress).toBeTypeOf('function');
    await act(async () => resolve({ statusCode: 201, message: 'ok', payLoad: {}, payLoadList: null }));
    expect(await screen.findByTestId('home')).toHaveTextContent('Order has been successfully placed!');
  });

  it('on a refusal shows the red hint and the server’s field message at the field', async () => {
    requestMock.mockRejectedValue(
      new ApiError('Some fields are not valid.', 400, { mobileNumber: ['Enter a Myanmar mobile number (09… or +959…).'] }),
    );
    const u = user();
    renderPanel();
    const dialog = await openDialog(u);
    await u.type(within(dialog).getByLabelText('Transaction number (6 digits)'), '123456');
    await u.upload(within(dialog).getByTestId('screenshot-input'), png());
    await u.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('check-again')).toHaveTextContent('Check User ID and Mobile Number again');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('Enter a Myanmar mobile number (09… or +959…).');
  });

  it("a voucher sold out meanwhile: the server's message shows and the game's packages are read again", async () => {
    requestMock.mockRejectedValue(
      new ApiError('This package is out of stock right now. Please choose another one or come back later.', 409, {
        tokenPackageId: ['This package is out of stock right now. Please choose another one or come back later.'],
      }),
    );
    const onStockChanged = vi.fn();
    const u = user();
    renderPanel(game(), onStockChanged);
    const dialog = await openDialog(u);
    await u.type(within(dialog).getByLabelText('Transaction number (6 digits)'), '123456');
    await u.upload(within(dialog).getByTestId('screenshot-input'), png());
    await u.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/out of stock right now/)).toBeInTheDocument();
    expect(onStockChanged).toHaveBeenCalledTimes(1);
  });

  it('stops the quantity at the codes left, and never keeps a package that ran out', async () => {
    const u = user();
    const voucher = pkg('v', { tokenTitle: 'Voucher 10', canAddQuantity: true, isCodeProduct: true, availableQuantity: 2 });
    const { rerender } = renderPanel(game({ tokenPackageDto: [voucher] }));
    await u.click(pack('Voucher 10'));
    await u.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByTestId('quantity')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/game/g1']}>
          <Routes>
            <Route path="/game/:gameId" element={<OrderPanel game={game({ tokenPackageDto: [{ ...voucher, availableQuantity: 0 }] })} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(pack('Voucher 10')).toBeDisabled();
    expect(screen.queryByTestId('quantity')).toBeNull();
  });

  it('keeps the dialog and offers Retry when the connection drops', async () => {
    requestMock.mockRejectedValueOnce(new ApiError('Network Error', 0));
    const u = user();
    renderPanel();
    const dialog = await openDialog(u);
    await u.type(within(dialog).getByLabelText('Transaction number (6 digits)'), '123456');
    await u.upload(within(dialog).getByTestId('screenshot-input'), png());
    await u.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(within(dialog).getByText(/The connection dropped/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Transaction number (6 digits)')).toHaveValue('123456');
    expect(screen.queryByTestId('check-again')).not.toBeInTheDocument();
    // Retry repeats the attempt's idempotency key, so a lost reply can't become a second order.
    requestMock.mockRejectedValueOnce(new ApiError('Network Error', 0));
    await u.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByRole('button', { name: 'Retry' });
    const keys = requestMock.mock.calls.map(([, options]) => (options!.body as FormData).get('idempotencyKey'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('where to pay, per payment method', () => {
  // The accounts carry `holderName` and `paymentMethod` (the contract's additions; `request` is mocked here).
  const accounts: GameDetailDto['configSettingDtos'] = [
    {
      id: 'k1',
      paymentName: 'KBZ Pay',
      phone: '09123456789',
      orderIndex: 1,
      logo: null,
      isActive: true,
      holderName: 'U Aung',
      paymentMethod: 'NORMAL',
    },
    {
      id: 'k2',
      paymentName: 'Wave Pay',
      phone: '09987654321',
      orderIndex: 2,
      logo: null,
      isActive: true,
      holderName: null,
      paymentMethod: 'NORMAL',
    },
    {
      id: 'p1',
      paymentName: 'Ooredoo bill',
      phone: '09950000000',
      orderIndex: 3,
      logo: null,
      isActive: true,
      holderName: 'Daw Hla',
      paymentMethod: 'PHONEBILL',
    },
  ];

  it('shows mobile banking its wallets with the holder, and phone bill only its own number and instructions', async () => {
    const u = user();
    renderPanel(game({ configSettingDtos: accounts }));
    let dialog = await openDialog(u);
    let shown = within(dialog).getByTestId('payment-accounts');
    expect(shown).toHaveAttribute('data-method', 'NORMAL');
    expect(
      within(shown)
        .getAllByTestId('payment-account')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('KBZ Pay'), expect.stringContaining('Wave Pay')]);
    expect(within(shown).getByTestId('payment-holder')).toHaveTextContent('Name: U Aung');
    expect(within(shown).getByTestId('payment-how-to')).toHaveTextContent('mobile banking');
    await u.keyboard('{Escape}');

    await u.click(screen.getByRole('radio', { name: 'Phone Bill' }));
    await u.click(pack('Phone 86'));
    await u.click(buyNow());
    dialog = await screen.findByRole('dialog');
    shown = within(dialog).getByTestId('payment-accounts');
    expect(shown).toHaveAttribute('data-method', 'PHONEBILL');
    expect(within(shown).getAllByTestId('payment-account')).toHaveLength(1);
    expect(within(shown).getByTestId('payment-account')).toHaveTextContent('Ooredoo bill');
    expect(within(shown).getByTestId('payment-holder')).toHaveTextContent('Name: Daw Hla');
    expect(within(shown).getByTestId('payment-how-to')).toHaveTextContent('phone bill balance');
    expect(within(shown).queryByText('KBZ Pay')).not.toBeInTheDocument();
  });

  it('says so when the shop has no account for the chosen method', async () => {
    const u = user();
    renderPanel(game({ configSettingDtos: accounts.filter((a) => a.paymentMethod === 'NORMAL') }));
    await fillAccount(u);
    await u.click(screen.getByRole('radio', { name: 'Phone Bill' }));
    await u.click(pack('Phone 86'));
    await u.click(buyNow());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('no account for this payment method');
  });
});

describe('buttons that say why, and errors brought into view', () => {
  it('says under Buy Now what it still needs, and in Burmese on a Burmese page', async () => {
    const u = user();
    renderPanel();
    expect(screen.getByTestId('buy-now-why')).toHaveTextContent('To buy, enter your User ID, enter your phone number, choose a package.');
    expect(buyNow()).toHaveAccessibleDescription('To buy, enter your User ID, enter your phone number, choose a package.');
    await fillAccount(u);
    expect(screen.getByTestId('buy-now-why')).toHaveTextContent('To buy, choose a package.');
    await u.click(pack('86 Diamonds'));
    expect(screen.queryByTestId('buy-now-why')).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('mm'));
    await u.clear(screen.getByLabelText('အသုံးပြုသူ ID'));
    expect(screen.getByTestId('buy-now-why')).toHaveTextContent('ဝယ်ယူရန် အသုံးပြုသူ ID ထည့်ပါ။');
  });

  it('scrolls to and focuses the first wrong field when Buy Now is pressed', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const u = user();
    renderPanel(game({ serverType: 'ZONEID' }));
    await fillAccount(u, '12345');
    await u.click(pack('86 Diamonds'));
    await u.click(buyNow());
    const zone = screen.getByLabelText('Zone ID');
    expect(zone).toHaveFocus();
    expect(scrolled).toContain(zone);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why Confirm is disabled, and focuses the transaction number the server refused', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const u = user();
    renderPanel();
    const dialog = await openDialog(u);
    const confirm = within(dialog).getByTestId('confirm-order');
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('Add the payment screenshot to confirm.');
    await u.type(within(dialog).getByLabelText('Transaction number (6 digits)'), '123456');
    await u.upload(within(dialog).getByTestId('screenshot-input'), png());
    await within(dialog).findByAltText('Preview of the payment screenshot');
    expect(within(dialog).queryByTestId('confirm-disabled-reason')).not.toBeInTheDocument();

    requestMock.mockRejectedValueOnce(new ApiError('Bad', 400, { transactionNumber: ['This transaction number was already used.'] }));
    await u.click(confirm);
    const input = await within(dialog).findByLabelText('Transaction number (6 digits)');
    await vi.waitFor(() => expect(input).toHaveFocus());
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });
});
