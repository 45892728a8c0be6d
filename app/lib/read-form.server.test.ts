import { describe, expect, it } from "vitest";

import { readForm, readFormWithLimit } from "./read-form.server";

function post(body: BodyInit, headers: HeadersInit = {}) {
  return new Request("http://localhost/form", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

function streamOf(bytes: Uint8Array) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

describe("readFormWithLimit", () => {
  it("reads a form within the limit", async () => {
    const form = new FormData();
    form.set("message", "hello");
    const read = await readFormWithLimit(post(form), 10_000);
    expect(read).toBeInstanceOf(FormData);
    expect((read as FormData).get("message")).toBe("hello");
  });

  it("refuses a declared length over the limit before reading", async () => {
    const request = post("message=hello", {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": "10001",
    });
    expect(await readFormWithLimit(request, 10_000)).toBe("too-large");
    expect(request.bodyUsed).toBe(false);
  });

  it("refuses an undeclared length once more than the limit has arrived", async () => {
    const request = post(streamOf(new TextEncoder().encode(`message=${"x".repeat(200)}`)), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(await readFormWithLimit(request, 100)).toBe("too-large");
  });

  it("reads a declared length within the limit, and calls it malformed when it is no form", async () => {
    const form = post("message=hello", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "13" });
    expect(((await readFormWithLimit(form, 100)) as FormData).get("message")).toBe("hello");
    const notForm = post("not multipart", {
      "Content-Type": "multipart/form-data; boundary=x",
      "Content-Length": "13",
    });
    expect(await readFormWithLimit(notForm, 100)).toBe("malformed");
  });

  it("calls a body that is not a form malformed", async () => {
    const request = post("not multipart", { "Content-Type": "multipart/form-data; boundary=x" });
    expect(await readFormWithLimit(request, 10_000)).toBe("malformed");
  });
});

describe("readForm", () => {
  it("reads a url-encoded form", async () => {
    const read = await readForm(post("message=hello", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(read.get("message")).toBe("hello");
  });

  it("throws a 400 answer, not an error, for a multipart cut short", async () => {
    const request = post('--x\r\nContent-Disposition: form-data; name="message"\r\n\r\nhel', {
      "Content-Type": "multipart/form-data; boundary=x",
    });
    const thrown: unknown = await readForm(request).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).text()).toBe("The form could not be read.");
  });
});
