// Amounts as buyers and staff read them: thousands separated, at most two decimals.
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatMoney(amount: number): string {
  return numberFormat.format(amount);
}
