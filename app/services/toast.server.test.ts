import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { describe, expect, it } from "vitest";
import { dataWithError, getToast, redirectWithSuccess, runInToastScope } from "./toast.server";

const setCookie = (answer: DataWithResponseInit<unknown>) => new Headers(answer.init?.headers).get("Set-Cookie");

describe("toasts", () => {
  it("travel in the flash cookie from one request to the next", async () => {
    const answer = await dataWithError({ ok: false }, { message: "Error", description: "It failed." }, { status: 400 });
    expect(answer.init?.status).toBe(400);
    const cookie = setCookie(answer)!.split(";")[0];
    const { toast } = await getToast(new Request("http://site.test/", { headers: { Cookie: cookie } }));
    expect(toast).toEqual({ type: "error", message: "Error", description: "It failed." });

    const redirect = await redirectWithSuccess("/done", "Saved");
    const next = redirect.headers.get("Set-Cookie")!.split(";")[0];
    expect((await getToast(new Request("http://site.test/done", { headers: { Cookie: next } }))).toast).toMatchObject({
      type: "success",
      message: "Saved",
    });
  });

  it("in a page request, reach the page being rendered and are not left in the cookie for the next one", async () => {
    await runInToastScope(true, async () => {
      const answer = await dataWithError({ ok: false }, { message: "Terms Required" }, { status: 400 });
      expect(answer.init?.status).toBe(400);
      expect(setCookie(answer)).toBeNull();
      const { toast } = await getToast(new Request("http://site.test/order"));
      expect(toast).toEqual({ type: "error", message: "Terms Required" });
    });
    expect((await getToast(new Request("http://site.test/order"))).toast).toBeUndefined();
  });

  it("in a data request (JavaScript), go through the cookie for the revalidation that follows", async () => {
    await runInToastScope(false, async () => {
      const answer = await dataWithError({ ok: false }, "Failed");
      expect(setCookie(answer)).toMatch(/^toast=/);
    });
  });
});
