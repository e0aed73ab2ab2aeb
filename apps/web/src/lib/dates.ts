// Every date and time a person reads, formatted by the app and not by the browser: the browser's own Burmese data
// differs between engines ("2026 M11 26") and from the server's, which would make the server-rendered first screen and
// the hydrated page disagree. Burmese pages get Burmese month names and Burmese digits; every page shows the shop's
// time zone (shop settings), never the reader's device's. Only the calendar arithmetic comes from Intl, in en-US
// numbers, which every engine answers the same.
import { useTranslation } from 'react-i18next';
import type { Language } from '@topup/contract/limits';
import { DEFAULT_SHOP_SETTINGS } from '@topup/contract/shop-settings-defaults';
import { useShopSettings } from './shop-settings';

const MONTHS: Record<Language, readonly string[]> = {
  mm: ['ဇန်နဝါရီ', 'ဖေဖော်ဝါရီ', 'မတ်', 'ဧပြီ', 'မေ', 'ဇွန်', 'ဇူလိုင်', 'ဩဂုတ်', 'စက်တင်ဘာ', 'အောက်တိုဘာ', 'နိုဝင်ဘာ', 'ဒီဇင်ဘာ'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};
const DEFAULT_TIME_ZONE = DEFAULT_SHOP_SETTINGS.timeZone;
const MYANMAR_DIGITS = '၀၁၂၃၄၅၆၇၈၉';

/** Western digits to Myanmar digits (၀–၉); anything else unchanged. */
export function toMyanmarDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => MYANMAR_DIGITS[Number(d)]!);
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsIn(date: Date, timeZone: string): Parts {
  let format = partFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      // A time zone this engine does not know: the shop's default rather than the device's.
      return partsIn(date, DEFAULT_TIME_ZONE);
    }
    partFormats.set(timeZone, format);
  }
  const get = (type: string) => Number(format.formatToParts(date).find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

export type DateStyle = { language: Language; timeZone: string };

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "25 Nov 2026" / "၂၅ နိုဝင်ဘာ ၂၀၂၆", the day in the shop's time zone; "—" for no date. */
export function formatDate(value: string | number | Date | null | undefined, { language, timeZone }: DateStyle): string {
  const d = toDate(value);
  if (!d) return '—';
  const p = partsIn(d, timeZone);
  const text = `${p.day} ${MONTHS[language][p.month - 1]} ${p.year}`;
  return language === 'mm' ? toMyanmarDigits(text) : text;
}

/** "25 Nov 2026, 20:28" / "၂၅ နိုဝင်ဘာ ၂၀၂၆၊ ၂၀:၂၈" (24-hour clock, the shop's time zone); "—" for no date. */
export function formatDateTime(value: string | number | Date | null | undefined, style: DateStyle): string {
  const d = toDate(value);
  if (!d) return '—';
  const p = partsIn(d, style.timeZone);
  const time = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  const text = `${formatDate(d, style)}${style.language === 'mm' ? '၊' : ','} ${style.language === 'mm' ? toMyanmarDigits(time) : time}`;
  return text;
}

/** The page's language and the shop's time zone, as components read them. */
export function useDateStyle(): DateStyle {
  const { i18n } = useTranslation();
  const { timeZone } = useShopSettings();
  return { language: i18n.language === 'en' ? 'en' : 'mm', timeZone: timeZone || DEFAULT_TIME_ZONE };
}

export function useFormatDateTime(): (value: string | number | Date | null | undefined) => string {
  const style = useDateStyle();
  return (value) => formatDateTime(value, style);
}

export function useFormatDate(): (value: string | number | Date | null | undefined) => string {
  const style = useDateStyle();
  return (value) => formatDate(value, style);
}
