import { createServer, type IncomingMessage, type Server } from "node:http";

import { productText } from "../support/product-text";
import { deleteTrigger, expectFormOpened, openAdmin } from "./admin-helpers";
import { expect, test, unique } from "./fixtures";

// Webhooks left active point at a port nothing listens on, so the chat tests running at the same
// time fail over them at once; webhooks under test are inactive (Test works regardless).
const DEAD_URL = "http://127.0.0.1:1/hook";

async function createWebhook(
  sql: import("postgres").Sql,
  fields: {
    url?: string;
    isActive?: boolean;
    headers?: Record<string, string>;
    method?: string;
    payloadFormat?: string;
  } = {},
) {
  const name = unique("E2E Webhook");
  const [row] = await sql`
    insert into webhooks (name, url, method, headers, is_active, payload_format)
    values (${name}, ${fields.url ?? DEAD_URL}, ${fields.method ?? "POST"}, ${sql.json(fields.headers ?? {})},
            ${fields.isActive ?? false}, ${fields.payloadFormat ?? "website"})
    returning id`;
  return { id: row.id as string, name };
}

test.beforeEach(async ({ login }) => login());

test("shows the configuration card with the sample payload and expected response", async ({ page }) => {
  await openAdmin(page, "/admin/webhooks");
  await expect(page.getByRole("heading", { name: "Chat Webhooks" })).toBeVisible();
  await expect(
    page.getByText("Chat messages are forwarded to the configured endpoints.", { exact: false }),
  ).toBeVisible();
  const sample = page.locator("pre").first();
  for (const key of [
    '"session_id"',
    '"message"',
    '"media_url"',
    '"timestamp"',
    '"platform": "website"',
    '"ip": "unknown"',
  ]) {
    await expect(sample).toContainText(key);
  }
  await expect(page.locator("pre").nth(1)).toContainText('"success": true');
  // The chat also reads `output`, the field n8n's AI Agent answers with.
  await expect(
    page.getByText(
      productText(
        "The reply text in response, message or output (the field n8n's AI Agent answers with), the first one present, and a success flag.",
      ),
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Active Webhooks" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Test Result" })).toBeVisible();
});

test("creates a webhook with a method and headers", async ({ page, sql }) => {
  const name = unique("E2E Created Webhook");
  try {
    await openAdmin(page, "/admin/webhooks");
    await page.getByRole("link", { name: "Add Webhook" }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks\/new$/);
    await expectFormOpened(page, "Create New Webhook");
    await expect(page.getByLabel("HTTP Method")).toHaveValue("POST");
    await expect(page.getByRole("switch", { name: "Active" })).toBeChecked();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("URL").fill(DEAD_URL);
    await page.getByLabel("HTTP Method").selectOption("PUT");
    await page.getByLabel("Headers (JSON, optional)").fill('{"X-Api-Key": "abc123"}');
    await page.getByRole("button", { name: "Create Webhook" }).click();

    await expect(page.getByText("Webhook created successfully!")).toBeVisible();
    const row = page.getByRole("listitem", { name });
    await expect(row.getByText(DEAD_URL)).toBeVisible();
    await expect(row.getByText("PUT", { exact: true })).toBeVisible();
    await expect(row.getByText("Website", { exact: true })).toBeVisible();
    const [stored] = await sql`select method, headers, is_active from webhooks where name = ${name}`;
    expect(stored).toEqual({ method: "PUT", headers: { "X-Api-Key": "abc123" }, is_active: true });
  } finally {
    await sql`delete from webhooks where name = ${name}`;
  }
});

test("invalid headers JSON shows the spec's toast, keeps the form and saves nothing", async ({ page, sql }) => {
  const name = unique("E2E Invalid Webhook");
  await openAdmin(page, "/admin/webhooks/new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("URL").fill(DEAD_URL);
  await page.getByLabel("Headers (JSON, optional)").fill("{not json");
  await page.getByRole("button", { name: "Create Webhook" }).click();
  await expect(page.getByText("Invalid JSON in headers")).toBeVisible();
  await expect(page.getByText("Please check your headers format")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Headers (JSON, optional)")).toHaveValue("{not json");
  expect(await sql`select 1 from webhooks where name = ${name}`).toHaveLength(0);
});

test(
  "with JavaScript, invalid headers JSON in the Add Webhook dialog is refused there and saves nothing",
  { tag: "@js" },
  async ({ page, sql }) => {
    const name = unique("E2E Dialog Webhook");
    await openAdmin(page, "/admin/webhooks");
    await page.getByRole("link", { name: "Add Webhook" }).click();
    const dialog = await expectFormOpened(page, "Create New Webhook");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("URL").fill(DEAD_URL);
    await dialog.getByLabel("HTTP Method").selectOption("PATCH");
    await dialog.getByLabel("Headers (JSON, optional)").fill("{not json");
    await dialog.getByRole("button", { name: "Create Webhook" }).click();

    // The toast floats above the dialog; the field's own error is inside it.
    await expect(page.getByText("Invalid JSON in headers")).toBeVisible();
    await expect(page.getByText("Please check your headers format")).toBeVisible();
    await expect(
      dialog.getByText(
        'Headers must be a JSON object of header names to values, like {"Authorization": "Bearer your-token"}',
      ),
    ).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue(name);
    await expect(dialog.getByLabel("HTTP Method")).toHaveValue("PATCH");
    await expect(dialog.getByLabel("Headers (JSON, optional)")).toHaveValue("{not json");
    await expect(page).toHaveURL(/\/admin\/webhooks\/new$/);
    expect(await sql`select 1 from webhooks where name = ${name}`).toHaveLength(0);
  },
);

test("after fixing invalid headers, one click on Create Webhook saves it", async ({ page, sql, javaScriptEnabled }) => {
  const name = unique("E2E Fixed Headers Webhook");
  try {
    await openAdmin(page, "/admin/webhooks");
    await page.getByRole("link", { name: "Add Webhook" }).click();
    let form = await expectFormOpened(page, "Create New Webhook");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("URL").fill(DEAD_URL);
    await form.getByLabel("Headers (JSON, optional)").fill("{not json");
    await form.getByRole("button", { name: "Create Webhook" }).click();
    // The open dialog hides the rest of the page from the accessibility tree: found by its text.
    const toast = page.getByText(productText("Invalid JSON in headers"));
    await expect(toast).toBeVisible();

    form = await expectFormOpened(page, "Create New Webhook");
    const headers = form.getByLabel("Headers (JSON, optional)");
    await headers.fill('{"X-Api-Key": "abc123"}');
    const create = form.getByRole("button", { name: "Create Webhook" });
    if (javaScriptEnabled) {
      // The fixed headers make the toast stale...
      await expect(toast).toBeHidden();
      // ...and leaving the field moves nothing: the click that leaves it lands on the button.
      const before = await create.boundingBox();
      await headers.blur();
      expect(await create.boundingBox()).toEqual(before);
    }
    await create.click();
    await expect(page.getByText("Webhook created successfully!")).toBeVisible();
    const [stored] = await sql`select headers from webhooks where name = ${name}`;
    expect(stored.headers).toEqual({ "X-Api-Key": "abc123" });
  } finally {
    await sql`delete from webhooks where name = ${name}`;
  }
});

test("a webhook form with errors shows them and saves nothing", async ({ page, sql }) => {
  const name = unique("E2E Bad Url Webhook");
  await openAdmin(page, "/admin/webhooks/new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("URL").fill("ftp://example.com/hook");
  await page.getByRole("button", { name: "Create Webhook" }).click();
  await expect(page.getByText("URL must be a web address starting with http:// or https://")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  expect(await sql`select 1 from webhooks where name = ${name}`).toHaveLength(0);
});

test("edits a webhook", async ({ page, sql }) => {
  const webhook = await createWebhook(sql, { headers: { "X-One": "1" } });
  const renamed = unique("E2E Renamed Webhook");
  try {
    await openAdmin(page, "/admin/webhooks");
    await page.getByRole("link", { name: `Edit ${webhook.name}` }).click();
    await expectFormOpened(page, "Edit Webhook");
    // Header values are write-only: the name shows, the value masked.
    await expect(page.getByLabel("Headers (JSON, optional)")).toHaveValue(/"X-One": "••••••••"/);
    await page.getByLabel("Name").fill(renamed);
    await page.getByLabel("HTTP Method").selectOption("PATCH");
    await page.getByLabel("Headers (JSON, optional)").fill("");
    await page.getByRole("button", { name: "Update Webhook" }).click();
    await expect(page.getByText("Webhook updated successfully!")).toBeVisible();
    await expect(page.getByRole("listitem", { name: renamed })).toBeVisible();
    const [stored] = await sql`select name, method, headers, is_active from webhooks where id = ${webhook.id}`;
    expect(stored).toEqual({ name: renamed, method: "PATCH", headers: {}, is_active: false });
  } finally {
    await sql`delete from webhooks where id = ${webhook.id}`;
  }
});

test("keeps stored header values that are left masked, and never shows them", async ({ page, sql }) => {
  const secret = `n8n-credential-${Date.now()}`;
  const webhook = await createWebhook(sql, { headers: { Authorization: `Bearer ${secret}`, "X-Two": secret } });
  try {
    await openAdmin(page, "/admin/webhooks");
    await page.getByRole("link", { name: `Edit ${webhook.name}` }).click();
    await expectFormOpened(page, "Edit Webhook");
    const headers = page.getByLabel("Headers (JSON, optional)");
    await expect(headers).toHaveValue(/"Authorization": "••••••••"/);
    expect(await page.content()).not.toContain(secret);
    await page.getByLabel("HTTP Method").selectOption("PUT");
    await page.getByRole("button", { name: "Update Webhook" }).click();
    await expect(page.getByText("Webhook updated successfully!")).toBeVisible();
    const [kept] = await sql`select method, headers from webhooks where id = ${webhook.id}`;
    expect(kept).toEqual({ method: "PUT", headers: { Authorization: `Bearer ${secret}`, "X-Two": secret } });

    await page.getByRole("link", { name: `Edit ${webhook.name}` }).click();
    await expectFormOpened(page, "Edit Webhook");
    await headers.fill('{"Authorization": "Bearer replaced"}');
    await page.getByRole("button", { name: "Update Webhook" }).click();
    await expect(page.getByText("Webhook updated successfully!")).toBeVisible();
    // The first save's toast may still show: wait for the row itself.
    await expect
      .poll(async () => (await sql`select headers from webhooks where id = ${webhook.id}`)[0].headers)
      .toEqual({ Authorization: "Bearer replaced" });
  } finally {
    await sql`delete from webhooks where id = ${webhook.id}`;
  }
});

test("deletes a webhook after confirmation", async ({ page, sql }) => {
  const webhook = await createWebhook(sql);
  try {
    await openAdmin(page, "/admin/webhooks");
    await deleteTrigger(page, `Delete ${webhook.name}`).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Webhook deleted successfully!")).toBeVisible();
    await expect(page.getByRole("listitem", { name: webhook.name })).toHaveCount(0);
    expect(await sql`select 1 from webhooks where id = ${webhook.id}`).toHaveLength(0);
  } finally {
    await sql`delete from webhooks where id = ${webhook.id}`;
  }
});

test.describe("Test button", () => {
  let server: Server;
  let base: string;
  const received: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] = [];

  test.beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        if (req.url?.startsWith("/slow")) return; // never answers
        if (req.url?.startsWith("/stream")) {
          // n8n's streaming format: NDJSON, though it says JSON.
          const chunk = (type: string, content?: string) =>
            `${JSON.stringify({ type, content, metadata: { nodeId: "agent", nodeName: "AI Agent", timestamp: 1 } })}\n`;
          return res
            .writeHead(200, { "Content-Type": "application/json; charset=utf-8" })
            .end(chunk("begin") + chunk("item", "Hello ") + chunk("item", "from n8n") + chunk("end"));
        }
        res
          .writeHead(201, { "Content-Type": "application/json" })
          .end(JSON.stringify({ response: "pong", success: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  test.afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test("calls the webhook with the test payload and shows its status and body", async ({ page, sql }) => {
    const path = `/ok-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const webhook = await createWebhook(sql, { url: `${base}${path}`, method: "PATCH", headers: { "X-Secret": "s3" } });
    try {
      await openAdmin(page, "/admin/webhooks");
      await page.getByRole("button", { name: `Test ${webhook.name}` }).click();
      const result = page.getByRole("region", { name: "Test Result" });
      await expect(result.getByText("Status: 201")).toBeVisible();
      await expect(result.getByText('Response: {"response":"pong","success":true}')).toBeVisible();
      await expect(result.getByText('Reply (read from "response"): pong')).toBeVisible();
      await expect(result.getByText(/^Time: \d+ ms$/)).toBeVisible();
      await expect(page.getByText("Webhook test completed")).toBeVisible();

      const request = received.find((r) => r.url === path)!;
      expect(request.method).toBe("PATCH");
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["x-secret"]).toBe("s3");
      expect(JSON.parse(request.body)).toMatchObject({
        test: true,
        message: expect.any(String),
        session_id: expect.stringMatching(/^test_/),
        user_info: { platform: "admin_panel", ip: "unknown" },
      });
    } finally {
      await sql`delete from webhooks where id = ${webhook.id}`;
    }
  });

  test("tests an n8n Chat Trigger in its own format and shows the streamed reply", async ({ page, sql }) => {
    const path = `/stream-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const webhook = await createWebhook(sql, { url: `${base}${path}`, payloadFormat: "n8n-chat-trigger" });
    try {
      await openAdmin(page, "/admin/webhooks");
      await page.getByRole("button", { name: `Test ${webhook.name}` }).click();
      const result = page.getByRole("region", { name: "Test Result" });
      await expect(result.getByText("Reply (streamed): Hello from n8n")).toBeVisible();
      const request = received.find((r) => r.url === path)!;
      expect(request.headers.accept).toBe("text/plain");
      expect(JSON.parse(request.body)).toEqual({
        action: "sendMessage",
        sessionId: expect.stringMatching(/^test_/),
        chatInput: expect.any(String),
        metadata: { page: "/admin/webhooks" },
      });
    } finally {
      await sql`delete from webhooks where id = ${webhook.id}`;
    }
  });

  test("the dialog sets the payload format, and the edit form shows it", async ({ page, sql }) => {
    const name = unique("E2E Trigger");
    await openAdmin(page, "/admin/webhooks/new");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("URL").fill(DEAD_URL);
    await expect(page.getByLabel("Payload format")).toHaveValue("website");
    await page.getByLabel("Payload format").selectOption({ label: "n8n Chat Trigger" });
    await page.getByRole("button", { name: "Create Webhook" }).click();
    await expect(page.getByText("Webhook created successfully!")).toBeVisible();
    const [row] = await sql`select id, payload_format from webhooks where name = ${name}`;
    try {
      expect(row.payload_format).toBe("n8n-chat-trigger");
      await expect(page.getByRole("listitem", { name }).getByText("n8n Chat Trigger", { exact: true })).toBeVisible();
      await openAdmin(page, `/admin/webhooks/${row.id}/edit`);
      await expect(page.getByLabel("Payload format")).toHaveValue("n8n-chat-trigger");
    } finally {
      await sql`delete from webhooks where id = ${row.id}`;
    }
  });

  // The end-to-end server waits 2 seconds (WEBHOOK_TEST_TIMEOUT_SECONDS, tests/support/e2e-server.ts),
  // not the spec's 30. The error display without JavaScript is covered by the refused connection below.
  test("a webhook that does not answer in time shows an error", { tag: "@js" }, async ({ page, sql }) => {
    const webhook = await createWebhook(sql, { url: `${base}/slow-${Date.now()}` });
    try {
      await openAdmin(page, "/admin/webhooks");
      await page.getByRole("button", { name: `Test ${webhook.name}` }).click();
      const result = page.getByRole("region", { name: "Test Result" });
      await expect(
        result.getByText(productText("Error: Timed out: the webhook did not answer in time.")),
      ).toBeVisible();
      await expect(result.getByText("Details: No answer within 2 seconds")).toBeVisible();
      await expect(page.getByText("Webhook test failed")).toBeVisible();
    } finally {
      await sql`delete from webhooks where id = ${webhook.id}`;
    }
  });

  test("a refused connection shows the error", async ({ page, sql }) => {
    // A port that was free a moment ago: nothing listens there, so the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const webhook = await createWebhook(sql, { url: `http://127.0.0.1:${port}/hook` });
    try {
      await openAdmin(page, "/admin/webhooks");
      await page.getByRole("button", { name: `Test ${webhook.name}` }).click();
      const result = page.getByRole("region", { name: "Test Result" });
      const sentence = productText(
        "Could not connect: nothing answered at this address. Check the URL and that the workflow is running.",
      );
      // A sentence an owner understands, the technical detail under it.
      await expect(result.getByText(productText.pattern("Error: {sentence}", sentence))).toBeVisible();
      await expect(result.getByText(/^Details: ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+$/)).toBeVisible();
      await expect(page.getByText("Webhook test failed")).toBeVisible();
      // Said once, while the toast shows: the toast has its title only.
      expect(await page.getByText(sentence).count()).toBe(1);
    } finally {
      await sql`delete from webhooks where id = ${webhook.id}`;
    }
  });
});
