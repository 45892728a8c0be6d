// One price calculation for the order page, the order action and the admin screens.

const toCents = (amount: number) => Math.round(amount * 100);

/** The spec's first-month total: the setup fee plus one month of the monthly price. */
export function firstMonthTotal(setupPrice: number, monthlyPrice: number): number {
  return (toCents(setupPrice) + toCents(monthlyPrice)) / 100;
}

export function hasMonthlyPrice(monthlyPrice: number): boolean {
  return monthlyPrice > 0;
}

/** An ISO 4217 code this runtime's Intl knows (the Settings' currency); "usd" is read as USD. */
export function isCurrencyCode(code: string): boolean {
  return Intl.supportedValuesOf("currency").includes(code.trim().toUpperCase());
}

// en-US as the site's words are: "$149", "€149", "¥1,499". One pair per currency, made on first use.
const formatters = new Map<string, { whole: Intl.NumberFormat; exact: Intl.NumberFormat }>();

function formattersFor(currency: string) {
  const kept = formatters.get(currency);
  if (kept) return kept;
  const pair = {
    whole: new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 }),
    exact: new Intl.NumberFormat("en-US", { style: "currency", currency }),
  };
  formatters.set(currency, pair);
  return pair;
}

/** "$149" for whole amounts, "$149.50" otherwise, in the site's currency (Settings). */
export function formatPrice(amount: number, currency: string): string {
  const { whole, exact } = formattersFor(currency);
  return toCents(amount) % 100 === 0 ? whole.format(amount) : exact.format(amount);
}

/** The currency's sign as prices show it: "$" for USD, "€" for EUR, "CHF" for CHF (form labels). */
export function currencySymbol(currency: string): string {
  return (
    formattersFor(currency)
      .exact.formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

/** "$29/mo": the monthly price wherever it is shown (cards, the order form's options, the admin). */
export function formatMonthlyPrice(amount: number, currency: string): string {
  return `${formatPrice(amount, currency)}/mo`;
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

/** How many minor units (cents) one unit of `currency` has: USD 100, JPY 1 (docs/payments.md). */
export function minorUnitFactor(currency: string): number {
  return (
    10 ** (new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2)
  );
}
