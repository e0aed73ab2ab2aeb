// A code package with no code left can't be chosen and says so, in both languages; the others still can.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import i18n from '../../../lib/i18n';
import { quantityLimit } from '../lib/order-rules';
import { PackageGrid } from './package-grid';

const pkg = (id: string, title: string, availableQuantity: number | null): TokenPackageDto => ({
  id,
  tokenTitle: title,
  unit: 10,
  price: 45000,
  currency: 'MMK',
  gameId: 'g1',
  gameDto: { id: 'g1', title: 'Gift cards' },
  paymentMethod: 'NORMAL',
  canAddQuantity: true,
  packageImage: null,
  createdDate: '2026-11-26T04:00:00.000Z',
  isCodeProduct: availableQuantity !== null,
  availableQuantity,
});

describe('package grid', () => {
  it('greys out a code package that is out of stock, in Burmese and English, and never selects it', async () => {
    await i18n.changeLanguage('mm');
    const onSelect = vi.fn();
    const packages = [pkg('p1', 'Google Play 10 USD', 0), pkg('p2', 'Steam 20 USD', 4), pkg('p3', '60 UC', null)];
    const { rerender } = render(<PackageGrid packages={packages} selectedId="p1" onSelect={onSelect} />);
    const [empty, steam, uc] = screen.getAllByTestId('package');
    expect(empty).toBeDisabled();
    expect(empty).toHaveAttribute('aria-pressed', 'false');
    expect(empty).toHaveTextContent('ပစ္စည်း ပြတ်နေပါသည်');
    await userEvent.click(empty!);
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.click(steam!);
    expect(onSelect).toHaveBeenCalledWith(packages[1]);
    expect(uc).toBeEnabled();
    expect(screen.getAllByTestId('out-of-stock')).toHaveLength(1);

    await i18n.changeLanguage('en');
    rerender(<PackageGrid packages={packages} selectedId={null} onSelect={onSelect} />);
    expect(screen.getByTestId('out-of-stock')).toHaveTextContent('Out of stock');
  });

  it('lets a buyer take at most the codes left, and 10 of anything else', () => {
    expect(quantityLimit(pkg('p', 'x', 4))).toBe(4);
    expect(quantityLimit(pkg('p', 'x', 40))).toBe(10);
    expect(quantityLimit(pkg('p', 'x', null))).toBe(10);
    expect(quantityLimit(null)).toBe(10);
  });
});
