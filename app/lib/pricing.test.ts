import { describe, expect, it } from "vitest";

import {
  currencySymbol,
  decimalPrice,
  firstMonthTotal,
  formatMonthlyPrice,
  formatPrice,
  hasMonthlyPrice,
  isCurrencyCode,
  minorUnitFactor,
  sumPrices,
} from "./pricing";

describe("pricing", () => {
  it("adds one month of the monthly price to the setup fee", () => {
    expect(firstMonthTotal(149, 29)).toBe(178);
    expect(firstMonthTotal(599, 0)).toBe(599);
    expect(firstMonthTotal(0.1, 0.2)).toBe(0.3);
    expect(firstMonthTotal(149.99, 29.01)).toBe(179);
  });

  it("shows a monthly price only above zero", () => {
    expect(hasMonthlyPrice(0)).toBe(false);
    expect(hasMonthlyPrice(0.01)).toBe(true);
  });

  it("formats whole amounts without cents and others with", () => {
    expect(formatPrice(149, "USD")).toBe("$149");
    expect(formatPrice(1499, "USD")).toBe("$1,499");
    expect(formatPrice(149.5, "USD")).toBe("$149.50");
    expect(formatPrice(0, "USD")).toBe("$0");
  });

  it("formats in the currency it is given", () => {
    expect(formatPrice(149, "EUR")).toBe("€149");
    expect(formatPrice(149.5, "EUR")).toBe("€149.50");
    expect(formatPrice(1499, "GBP")).toBe("£1,499");
    // No minor unit: never a fraction shown.
    expect(formatPrice(1499, "JPY")).toBe("¥1,499");
    expect(formatMonthlyPrice(29.5, "EUR")).toBe("€29.50/mo");
  });

  it("labels a monthly price per month", () => {
    expect(formatMonthlyPrice(29, "USD")).toBe("$29/mo");
    expect(formatMonthlyPrice(49.25, "USD")).toBe("$49.25/mo");
  });

  it("accepts the currency codes Intl knows, in any case", () => {
    expect(isCurrencyCode("USD")).toBe(true);
    expect(isCurrencyCode("eur")).toBe(true);
    expect(isCurrencyCode("XYZ")).toBe(false);
    expect(isCurrencyCode("US")).toBe(false);
    expect(isCurrencyCode("")).toBe(false);
  });

  it("gives the sign a price shows for the currency", () => {
    expect(currencySymbol("USD")).toBe("$");
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("CHF")).toBe("CHF");
  });

  it("gives the minor units of a currency", () => {
    expect(minorUnitFactor("USD")).toBe(100);
    expect(minorUnitFactor("EUR")).toBe(100);
    expect(minorUnitFactor("JPY")).toBe(1);
  });

  it("writes amounts for machines with two decimals", () => {
    expect(decimalPrice(420)).toBe("420.00");
    expect(decimalPrice(199.5)).toBe("199.50");
    expect(decimalPrice(0)).toBe("0.00");
  });

  it("sums without floating-point drift", () => {
    expect(sumPrices(Array.from({ length: 10 }, () => 0.1))).toBe(1);
    expect(sumPrices([])).toBe(0);
  });
});
