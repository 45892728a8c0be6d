import { describe, expect, it } from "vitest";
import { decimalPrice, firstMonthTotal, formatMonthlyPrice, formatPrice, hasMonthlyPrice, sumPrices } from "./pricing";

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
    expect(formatPrice(149)).toBe("$149");
    expect(formatPrice(1499)).toBe("$1,499");
    expect(formatPrice(149.5)).toBe("$149.50");
    expect(formatPrice(0)).toBe("$0");
  });

  it("labels a monthly price per month", () => {
    expect(formatMonthlyPrice(29)).toBe("$29/mo");
    expect(formatMonthlyPrice(49.25)).toBe("$49.25/mo");
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
