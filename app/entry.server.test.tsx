import { Suspense, use } from "react";
import { describe, expect, test, vi } from "vitest";

import { renderDocument, type RenderOptions } from "./entry.server";

// The render's deadline, with pages made for the purpose and
// timeouts of milliseconds instead of the server's seconds.

const never = new Promise<never>(() => {});
const later = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve("arrived later"), ms));

function Waits({ promise }: { promise: Promise<string> }) {
  return <p>{use(promise)}</p>;
}

// A page too big to render in time keeps the event loop busy just like this.
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function SlowToRender({ ms }: { ms: number }) {
  busyFor(ms);
  return <p>rendered at last</p>;
}

function page(content: React.ReactNode) {
  return (
    <html lang="en">
      <body>
        <h1>The shell</h1>
        {content}
      </body>
    </html>
  );
}

const options = (timeoutMs: number, extra: Partial<RenderOptions> = {}): RenderOptions => ({
  status: 200,
  headers: new Headers({ "X-From-Route": "kept" }),
  nonce: undefined,
  waitForAll: false,
  timeoutMs,
  stylesheets: ["/assets/root-abc.css"],
  url: "http://localhost/admin/orders",
  ...extra,
});

async function expectSmallErrorPage(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("X-From-Route")).toBe("kept");
  const html = await response.text();
  expect(html.length).toBeLessThan(4000);
  expect(html).toMatch(/^<!DOCTYPE html>/);
  expect(html).toContain("Something went wrong");
  expect(html).toContain('href="/assets/root-abc.css"');
  expect(html).not.toContain("The shell");
}

describe("a render out of time", () => {
  vi.spyOn(console, "error").mockImplementation(() => {});

  test("a shell that never gets ready answers a small error page", async () => {
    await expectSmallErrorPage(await renderDocument(page(<Waits promise={never} />), options(30)));
  });

  test("a shell that renders past the deadline is dropped for the error page", async () => {
    await expectSmallErrorPage(await renderDocument(page(<SlowToRender ms={80} />), options(20)));
  });

  test("a crawler's page that is not all ready in time answers the error page", async () => {
    const document = page(
      <Suspense fallback={<p>loading</p>}>
        <Waits promise={never} />
      </Suspense>,
    );
    await expectSmallErrorPage(await renderDocument(document, options(30, { waitForAll: true })));
  });
});

describe("a page in time", () => {
  test("streams: the shell is answered before the slow part arrives, which follows in the same body", async () => {
    const document = page(
      <Suspense fallback={<p>loading</p>}>
        <Waits promise={later(150)} />
      </Suspense>,
    );
    const response = await renderDocument(document, options(2000));
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("The shell");
    expect(first).not.toContain("arrived later");
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toContain("arrived later");
  });

  test("a shell sent in time ends its page when a part never arrives", async () => {
    const document = page(
      <Suspense fallback={<p>loading</p>}>
        <Waits promise={never} />
      </Suspense>,
    );
    const response = await renderDocument(document, options(50));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("The shell");
    expect(html).toContain("loading");
    expect(html).toContain("</html>");
  });
});
