// The SLA clock's rule, in one place: an order waits within the promise (normal), in the promise's last third
// (amber: act now), or past it (red). See docs/decisions/0049-workbench-sla-clock.md.
export type SlaTone = 'normal' | 'amber' | 'red';

/** Amber from two thirds of the promise: with the default 3 minutes, the last minute. */
export const AMBER_FRACTION = 2 / 3;

export function slaTone(ageMs: number, targetMinutes: number): SlaTone {
  const target = targetMinutes * 60_000;
  if (ageMs >= target) return 'red';
  if (ageMs >= target * AMBER_FRACTION) return 'amber';
  return 'normal';
}

type T = (key: string, options: Record<string, unknown>) => string;

/** 0:42, 2:05, 1:02:05 (the same in both languages); past a day in words ("3 days 4 h"). */
export function formatAge(ms: number, t: T): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  if (days > 0) return t('workbench:age.days', { count: days, hours: Math.floor((s % 86_400) / 3600) });
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Seconds as the SLA card shows them: 42 s, 2 min 5 s, 1 h 3 min; a dash when there is nothing to measure. */
export function formatDuration(seconds: number | null, t: T): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return t('workbench:duration.seconds', { s });
  if (s < 3600) return t('workbench:duration.minutes', { m: Math.floor(s / 60), s: s % 60 });
  return t('workbench:duration.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}
