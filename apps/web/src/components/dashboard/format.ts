// Dates and numbers as the dashboard tables show them, the same in both languages so staff read one format.
const dateTime = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}

export function formatNumber(n: number): string {
  return number.format(n);
}
