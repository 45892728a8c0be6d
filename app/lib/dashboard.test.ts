import { describe, expect, it } from "vitest";

import { conversionRate, dashboardCards } from "./dashboard";

describe("conversionRate", () => {
  it.each([
    [0, 0, 0],
    [0, 5, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [1, 200, 1],
    [1, 201, 0],
    [5, 5, 100],
  ])("%i paid of %i orders is %i%%", (paid, total, rate) => {
    expect(conversionRate(paid, total)).toBe(rate);
  });
});

describe("dashboardCards", () => {
  it("shows counts, paid revenue and the conversion rate", () => {
    const cards = dashboardCards(
      { total: 12, active: 9 },
      { total: 8, pending: 3, paid: 4, revenue: 1234.5 },
      { currency: "USD", last30Days: 420 },
    );
    expect(cards).toEqual([
      { title: "Total Services", value: "12", detail: "9 active" },
      { title: "Total Orders", value: "8", detail: "3 pending" },
      { title: "Revenue", value: "$1,234.50", detail: "From paid orders" },
      { title: "Collected (30 days)", value: "$420", detail: "From recorded payments" },
      { title: "Conversion Rate", value: "50%", detail: "4 of 8 orders paid" },
    ]);
  });

  it("has a 0% conversion rate and $0 revenue without orders", () => {
    const cards = dashboardCards(
      { total: 0, active: 0 },
      { total: 0, pending: 0, paid: 0, revenue: 0 },
      { currency: "USD", last30Days: 0 },
    );
    expect(cards.map((card) => card.value)).toEqual(["0", "0", "$0", "$0", "0%"]);
  });

  it("shows the money in the site's currency", () => {
    const cards = dashboardCards(
      { total: 1, active: 1 },
      { total: 1, pending: 0, paid: 1, revenue: 99.5 },
      { currency: "EUR", last30Days: 99.5 },
    );
    expect(cards.filter((card) => card.value.startsWith("€")).map((card) => card.title)).toEqual([
      "Revenue",
      "Collected (30 days)",
    ]);
  });
});
