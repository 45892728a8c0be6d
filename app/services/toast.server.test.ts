import { createStaticHandler, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { dataWithError, getToast, redirectWithSuccess, unshownToastCookie } from "./toast.server";

const cookieOf = (headers: HeadersInit | undefined) => new Headers(headers).get("Set-Cookie")?.split(";")[0];

describe("toasts", () => {
  it("travel in the flash cookie from one request to the next", async () => {
    const redirect = await redirectWithSuccess("/done", "Saved");
    const next = cookieOf(redirect.headers)!;
    expect(next).toMatch(/^toast=/);
    const { toast } = await getToast(new Request("http://site.test/done", { headers: { Cookie: next } }));
    expect(toast).toEqual({ type: "success", message: "Saved" });
  });

  it("set by a route function answered without the root middleware, go in the cookie too", async () => {
    // React Router's own answer to an action that has no toast scope around it.
    const handler = createStaticHandler([
      {
        id: "form",
        path: "/form",
        action: ({ context }) =>
          dataWithError(context, { ok: false }, { message: "Error", description: "It failed." }, { status: 400 }),
      },
    ]);
    const answer = await handler.query(new Request("http://site.test/form", { method: "POST" }), {
      requestContext: new RouterContextProvider(),
    });
    if (answer instanceof Response) throw new Error(`expected the action's data, got a ${answer.status} response`);
    expect(answer.statusCode).toBe(400);
    const cookie = cookieOf(answer.actionHeaders.form)!;
    const { toast } = await getToast(new Request("http://site.test/", { headers: { Cookie: cookie } }));
    expect(toast).toEqual({ type: "error", message: "Error", description: "It failed." });
  });

  it("left unshown, sign each toast's cookie once: a flood of refused data requests signs nothing more", async () => {
    const sign = vi.spyOn(crypto.subtle, "sign");
    try {
      const toast = { type: "error", message: "Error", description: `Try again in ${Math.random()} minutes.` } as const;
      const cookies = await Promise.all(
        Array.from({ length: 5 }, () => unshownToastCookie({ toast: { ...toast }, shown: false })),
      );
      expect(new Set(cookies).size).toBe(1);
      expect(sign).toHaveBeenCalledTimes(1);
      const { toast: read } = await getToast(
        new Request("http://site.test/", { headers: { Cookie: cookieOf({ "Set-Cookie": cookies[0]! })! } }),
      );
      expect(read).toEqual(toast);
      expect(await unshownToastCookie({ toast, shown: true })).toBeNull();
    } finally {
      sign.mockRestore();
    }
  });
});
