import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { dataWithError, getPageToast, getToast } from "~/services/toast.server";

import { toastScope } from "./toast-scope.server";

const PAGE = "http://site.test/order";

/** Runs `handle` as the route functions of one request, inside the root's toast scope. */
function inScope(handle: (context: RouterContextProvider) => Promise<Response>) {
  const context = new RouterContextProvider();
  const args = { request: new Request(PAGE), params: {}, context, unstable_pattern: "/order" };
  return toastScope(args as never, () => handle(context)) as Promise<Response>;
}

const toastCookies = (response: Response) => response.headers.getSetCookie().filter((c) => c.startsWith("toast="));

describe("the toast scope", () => {
  it("shows an action's toast on the page rendered in the same request, and leaves none for the next", async () => {
    let shown: unknown;
    const response = await inScope(async (context) => {
      await dataWithError(context, { ok: false }, { message: "Terms Required" }, { status: 400 });
      shown = (await getPageToast(new Request(PAGE), context)).toast;
      return new Response("the page");
    });
    expect(shown).toEqual({ type: "error", message: "Terms Required" });
    expect(toastCookies(response)).toEqual([]);
  });

  it("sends a toast no page showed (a data request's answer) in the flash cookie", async () => {
    const response = await inScope(async (context) => {
      await dataWithError(context, { ok: false }, "Failed");
      return new Response("the data");
    });
    const [cookie] = toastCookies(response);
    expect(cookie).toBeDefined();
    const { toast } = await getToast(new Request(PAGE, { headers: { Cookie: cookie.split(";")[0] } }));
    expect(toast).toEqual({ type: "error", message: "Failed" });
  });

  it("shows the flash cookie's toast when the request set none", async () => {
    const [cookie] = toastCookies(
      await inScope(async (context) => {
        await dataWithError(context, null, "From before");
        return new Response();
      }),
    );
    let shown: unknown;
    await inScope(async (context) => {
      shown = (await getPageToast(new Request(PAGE, { headers: { Cookie: cookie.split(";")[0] } }), context)).toast;
      return new Response();
    });
    expect(shown).toEqual({ type: "error", message: "From before" });
  });
});
