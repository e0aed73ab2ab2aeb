// Numbers as the dashboard tables show them, the same in both languages so staff read one format. Dates and times
// are formatted by lib/dates.ts (the page's language, the shop's time zone).
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatNumber(n: number): string {
  return number.format(n);
}
