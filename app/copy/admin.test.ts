import { describe, expect, it } from "vitest";

import { productText } from "../../tests/support/product-text";
import { CHAT_TEXTS, DASHBOARD_CARD_TEXTS, ORDER_TEXTS, PAGER_TEXTS } from "./admin";

// Counts read as the spec writes them (docs/product.md, Admin Dashboard, Orders and Chats).

describe("admin counts", () => {
  it("say one order, one conversation, and thousands with a separator", () => {
    expect(PAGER_TEXTS.total(1, ORDER_TEXTS.itemName)).toBe(productText("1 order"));
    expect(PAGER_TEXTS.total(1234, ORDER_TEXTS.itemName)).toBe(productText("1,234 orders"));
    expect(PAGER_TEXTS.total(1, CHAT_TEXTS.itemName)).toBe(productText("1 conversation"));
  });

  it("say how many of one order were paid", () => {
    expect(DASHBOARD_CARD_TEXTS.conversion.detail(0, 1)).toBe(productText("0 of 1 order paid"));
  });
});
