// PayPal's texts on the client's pages (docs/product.md, 11.4). The tests read them from docs/product.md.

/** The status page of an order paid with a PayPal subscription. */
export const PAYPAL_BILLING = {
  manage: "Manage billing on PayPal",
  hint: "See or cancel the monthly support payment under automatic payments in your PayPal account.",
} as const;
