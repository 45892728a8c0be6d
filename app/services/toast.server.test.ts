import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { dataWithError, getToast, redirectWithSuccess } from "./toast.server";

const cookieOf = (headers: HeadersInit | undefined) => new Headers(headers).get("Set-Cookie")?.split(";")[0];

describe("toasts", () => {
  it("travel in the flash cookie from one request to the next", async () => {
    const redirect = await redirectWithSuccess("/done", "Saved");
    const next = cookieOf(redirect.headers)!;
    expect(next).toMatch(/^toast=/);
    const { toast } = await getToast(new Request("http://site.test/done", { headers: { Cookie: next } }));
    expect(toast).toEqual({ type: "success", message: "Saved" });
  });

  it("set by a route function called on its own, outside the root middleware, go in the cookie too", async () => {
    const context = new RouterContextProvider();
    const answer = await dataWithError(
      context,
      { ok: false },
      { message: "Error", description: "It failed." },
      {
        status: 400,
      },
    );
    expect(answer.init?.status).toBe(400);
    const cookie = cookieOf(answer.init?.headers)!;
    const { toast } = await getToast(new Request("http://site.test/", { headers: { Cookie: cookie } }));
    expect(toast).toEqual({ type: "error", message: "Error", description: "It failed." });
  });
});
