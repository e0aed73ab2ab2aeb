// Words the browser would say in its own language on a Burmese page are ours instead: no browser validation bubbles
// (every form is noValidate and checks itself), no native date inputs ("mm/dd/yyyy"), the file input's button, and
// the toasts' screen-reader labels.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n';
import { showToast } from '../lib/toast';
import { LazyToaster } from '../components/lazy-toaster';
import { DayInput, parseDay } from '../features/orders/components/day-input';
import { renderDashboard } from '../components/dashboard/test-utils';
import { ImageInput } from '../components/dashboard/image-input';

const SRC = path.resolve(__dirname, '..');
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('no browser words', () => {
  it('every form checks its own fields (noValidate), no native date input is left, and nothing breaks mid-token', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/<form\b[^>]*>/gs))
        if (!m[0].includes('noValidate')) offenders.push(`${path.relative(SRC, file)}: ${m[0].slice(0, 60)}`);
      if (/type="date"/.test(text)) offenders.push(`${path.relative(SRC, file)}: type="date"`);
      // Numbers, codes and dates are never cut mid-token.
      if (/\bbreak-all\b/.test(text)) offenders.push(`${path.relative(SRC, file)}: break-all`);
    }
    expect(offenders).toEqual([]);
  });

  it('the image input is opened by a button of ours, in the page language', async () => {
    await i18n.changeLanguage('mm');
    const onChange = vi.fn();
    renderDashboard(<ImageInput id="logo" label="Logo" file={null} onChange={onChange} />);
    await act(() => i18n.changeLanguage('mm'));
    expect(screen.getByTestId('logo-choose')).toHaveTextContent('ပုံ ရွေးမည်');
    expect(screen.getByText('ပုံ မရွေးရသေးပါ')).toBeInTheDocument();
    const input = screen.getByLabelText('Logo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('sr-only');
    await userEvent.setup().upload(input, new File([new Uint8Array([1])], 'shop.png', { type: 'image/png' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'shop.png' }));
    await act(() => i18n.changeLanguage('en'));
  });

  it('the day input takes digits, says the day in words, and hands over only whole days', async () => {
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderDashboard(<DayInput id="from" value={undefined} onChange={onChange} className="" />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    await user.type(input, '2026112');
    expect(input).toHaveValue('2026-11-2');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(input, '5');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-25');
    expect(screen.getByTestId('from-said')).toHaveTextContent('25 Nov 2026');
    await user.clear(input);
    await user.type(input, '20261341');
    expect(screen.getByTestId('from-said')).toHaveTextContent('Not a day of the calendar.');
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('the toasts are announced and closed with words in the page language', async () => {
    await i18n.changeLanguage('mm');
    render(<LazyToaster />);
    await act(() => showToast('error', 'မှားနေပါသည်', 10_000));
    const region = await screen.findByRole('region', {}, { timeout: 5000 });
    expect(region.getAttribute('aria-label')!.trim()).toBe('အသိပေးစာများ');
    expect(await screen.findByRole('button', { name: 'အသိပေးစာ ပိတ်မည်' }, { timeout: 5000 })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
