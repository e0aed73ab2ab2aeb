// A day of the shop's calendar (YYYY-MM-DD) typed as digits, with the day shown in words beneath it in the page's
// language. The browser's date input shows its own placeholder ("mm/dd/yyyy") and calendar in the device's language,
// whatever the page's; this one speaks the page's. A part-typed day is kept in the box and only a whole one is used.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, useDateStyle } from '../../../lib/dates';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-25" when it is a real day of the calendar, else null. */
export function parseDay(text: string): string | null {
  const m = DAY.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? text.trim() : null;
}

/** Digits typed in any order of dashes become YYYY-MM-DD as they come: "20261125" → "2026-11-25". */
function shape(typed: string): string {
  const digits = typed.replace(/[^\d]/g, '').slice(0, 8);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
}

type Props = { id: string; value: string | undefined; onChange: (day: string | undefined) => void; className: string };

export function DayInput({ id, value, onChange, className }: Props) {
  const { t } = useTranslation('workbench');
  const style = useDateStyle();
  const [text, setText] = useState(value ?? '');
  // A new value from outside (the URL, "Clear filters") replaces what is in the box.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const day = parseDay(text);
  const wrong = text !== '' && text.length >= 10 && !day;
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('filters.dayPlaceholder')}
        aria-invalid={wrong || undefined}
        aria-describedby={`${id}-said`}
        className={className}
        value={text}
        onChange={(e) => {
          const next = shape(e.target.value);
          setText(next);
          if (next === '') onChange(undefined);
          else if (parseDay(next)) onChange(next);
        }}
      />
      <span id={`${id}-said`} className={wrong ? 'text-xs text-red-700' : 'text-xs text-slate-600'} data-testid={`${id}-said`}>
        {wrong ? t('filters.dayWrong') : day ? formatDate(`${day}T12:00:00Z`, { ...style, timeZone: 'UTC' }) : '\u00a0'}
      </span>
    </>
  );
}
