// One price calculation for the order page, the order action and the admin screens.

const toCents = (amount: number) => Math.round(amount * 100);

/** The spec's first-month total: the setup fee plus one month of the monthly price. */
export function firstMonthTotal(setupPrice: number, monthlyPrice: number): number {
  return (toCents(setupPrice) + toCents(monthlyPrice)) / 100;
}

export function hasMonthlyPrice(monthlyPrice: number): boolean {
  return monthlyPrice > 0;
}

const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$149" for whole amounts, "$149.50" otherwise. */
export function formatPrice(amount: number): string {
  return toCents(amount) % 100 === 0 ? wholeDollars.format(amount) : withCents.format(amount);
}

/** "$29/mo": the monthly price wherever it is shown (cards, the order form's options, the admin). */
export function formatMonthlyPrice(amount: number): string {
  return `${formatPrice(amount)}/mo`;
}

/** "149.00": two decimals and no currency sign, for machines (schema.org offers, the CSV export). */
export function decimalPrice(amount: number): string {
  return amount.toFixed(2);
}

/** Sum of amounts, added in cents so that many orders do not drift by fractions of a cent. */
export function sumPrices(amounts: Iterable<number>): number {
  let cents = 0;
  for (const amount of amounts) cents += toCents(amount);
  return cents / 100;
}

export function minorUnitFactor(currency: string): number {
  return (
    10 ** (new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2)
  );
}
