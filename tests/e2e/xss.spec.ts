import type { Page } from "@playwright/test";

import { expect, test, unique, withRecordLock } from "./fixtures";

// XSS: payloads through every public form and the admin's text fields (posted
// to the real actions, as a browser without JavaScript would), then every public and admin page
// opened in Chromium with JavaScript: no dialog fires and no injected element exists. The admin's
// own custom JS and voice-agent embed are trusted code and are not part of this.

// Each payload, if it ever ran or became markup, opens a dialog or leaves an element marked
// data-xss in the page.
const PAYLOADS = [
  `<script>alert("xss-1")</script>`,
  `<img src=x onerror="alert('xss-2')">`,
  `<svg onload=alert("xss-3")>`,
  `<svg><script>alert("xss-4")</script></svg>`,
  `"><script>alert("xss-5")</script>`,
  `'><img src=x onerror=alert("xss-6") data-xss>`,
  `<iframe srcdoc="<script>parent.alert('xss-7')</script>" data-xss></iframe>`,
  `<a href="javascript:alert('xss-8')" data-xss>click</a>`,
  `javascript:alert("xss-9")`,
  `<body onload=alert("xss-10")>`,
  `<details open ontoggle=alert("xss-11") data-xss>`,
  `</textarea><script>alert("xss-12")</script>`,
  `</title><script>alert("xss-13")</script>`,
  `</script><script>alert("xss-14")</script>`,
  `<style>*{background:url("javascript:alert('xss-15')")}</style><b data-xss>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert("xss-16")>`,
  `<input autofocus onfocus=alert("xss-17") data-xss>`,
  `<div style="width:expression(alert('xss-18'))" data-xss>`,
  `&lt;script&gt;alert("xss-19")&lt;/script&gt;`,
  `%3Cscript%3Ealert("xss-20")%3C/script%3E`,
  `\\u003cscript\\u003ealert("xss-21")\\u003c/script\\u003e`,
  `[click](javascript:alert("xss-22"))`,
  `![x](javascript:alert("xss-23"))`,
  `<object data="javascript:alert('xss-24')" data-xss></object>`,
  `<embed src="javascript:alert('xss-25')" data-xss>`,
  `<form action="javascript:alert('xss-26')" data-xss><button>x</button></form>`,
  `<video><source onerror=alert("xss-27")></video>`,
  `<audio src=x onerror=alert("xss-28") data-xss>`,
  `{{constructor.constructor('alert("xss-29")')()}}`,
  `\${alert("xss-30")}`,
  `<marquee onstart=alert("xss-31") data-xss>`,
  `<base href="javascript:alert('xss-32')//" data-xss>`,
];

const PUBLIC_PAGES = ["/", "/services", "/order", "/chat"];
const ADMIN_PAGES = [
  "/admin",
  "/admin/services",
  "/admin/orders",
  "/admin/messages",
  "/admin/chats",
  "/admin/settings",
  "/admin/founder",
  "/admin/webhooks",
  "/admin/admins",
  "/admin/activity",
];

/** Opens `path` and counts the injected elements on it (dialogs are counted as they open). */
async function visit(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await page.waitForLoadState("load");
  return page.locator("[data-xss]").count();
}

test("no payload through a form becomes script or markup on any page", { tag: "@js" }, async ({ page, login, sql }) => {
  test.setTimeout(240_000);
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const marker = unique("xss").replace(/\s+/g, "-");
  let posted = 0;
  const post = async (path: string, form: Record<string, string>, multipart = false) => {
    const response = await page.request.post(path, {
      ...(multipart ? { multipart: form } : { form }),
      headers: { Origin: new URL(page.url() === "about:blank" ? "http://x" : page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status(), `${path} ${JSON.stringify(form).slice(0, 80)}`).toBeLessThan(500);
    posted++;
  };

  // Public forms, one payload a record. The payloads are posted side by side: the posts are
  // independent, and one after another they took most of this test's half minute.
  await page.goto("/");
  const [service] = await sql<{ id: string }[]>`select id from services where is_active limit 1`;
  await Promise.all(
    PAYLOADS.map(async (payload, i) => {
      await post("/?index", {
        name: payload.slice(0, 100),
        email: `xss${i}@example.com`,
        message: `${marker} ${payload}`,
      });
      await post("/order", {
        clientName: payload.slice(0, 100),
        clientEmail: `xss${i}@example.com`,
        clientPhone: "",
        notes: `${marker} ${payload}`,
        serviceId: service.id,
        terms: "on",
      });
      await post("/chat", { message: `${marker} ${payload}` }, true);
    }),
  );

  // The admin's text fields: a service per payload, and the single records with payloads spread over their fields.
  await login();
  await Promise.all(
    PAYLOADS.map((payload) =>
      post("/admin/services/new", {
        name: payload.slice(0, 120),
        category: "notifications",
        description: `${marker} ${payload}`,
        setupPrice: "1",
        monthlyPrice: "0",
        isActive: "on",
      }),
    ),
  );
  // Under the records' locks: a spec editing one of them meanwhile would restore it over these
  // payloads, or see its own edit overwritten.
  await withRecordLock(sql, "site_settings", async () => {
    const [settings] = await sql`select * from site_settings`;
    await post("/admin/settings", {
      companyName: PAYLOADS[0].slice(0, 120),
      workflowToolName: PAYLOADS[2].slice(0, 60),
      homepageHeadline: PAYLOADS[1],
      homepageSubtext: PAYLOADS.join(" "),
      supportEmail: settings.support_email,
      businessAddress: PAYLOADS[5],
      primaryColor: settings.primary_color ?? "#2563eb",
      secondaryColor: settings.secondary_color ?? "#7c3aed",
    });
  });
  await withRecordLock(sql, "founder_info", async () => {
    await post("/admin/founder", {
      intent: "save",
      name: PAYLOADS[4].slice(0, 120),
      bio: PAYLOADS.join("\n"),
      experienceYears: "5",
      projectsCompleted: "10",
      clientsServed: "3",
    });
    await post("/admin/founder", { intent: "add-skill", skill: PAYLOADS[10].slice(0, 50) });
  });
  await post("/admin/webhooks/new", {
    name: PAYLOADS[7].slice(0, 100),
    url: "http://127.0.0.1:9/never-called",
    method: "POST",
    headers: "{}",
  });

  // The payloads were stored (the posts were accepted, not refused), so the pages below do show them.
  const like = `%${marker}%`;
  const [stored] = await sql<{ contact: number; orders: number; chat: number; services: number }[]>`
    select (select count(*)::int from contact_messages where message like ${like}) as contact,
           (select count(*)::int from orders where notes like ${like}) as orders,
           (select count(*)::int from chat_messages where message like ${like} and is_user_message) as chat,
           (select count(*)::int from services where description like ${like}) as services`;
  expect(stored).toEqual({
    contact: PAYLOADS.length,
    orders: PAYLOADS.length,
    chat: PAYLOADS.length,
    services: PAYLOADS.length,
  });

  let injected = 0;
  let pages = 0;
  // The admin's pages first (signed in), then the public ones as a visitor.
  for (const path of ADMIN_PAGES) {
    injected += await visit(page, path);
    pages++;
    // Shown as text: the page holds the payload's characters, not its markup.
    if (path === "/admin/messages") await expect(page.getByText(PAYLOADS[0]).first()).toBeVisible();
  }
  await page.context().clearCookies();
  for (const path of PUBLIC_PAGES) {
    injected += await visit(page, path);
    pages++;
  }
  // The services catalogue's search shows the words typed.
  injected += await visit(page, `/services?q=${encodeURIComponent(PAYLOADS[0])}`);
  pages++;

  console.log(
    `xss: ${PAYLOADS.length} payloads, ${posted} form posts, ${pages} pages opened, ${dialogs.length + injected} executed`,
  );
  expect(dialogs).toEqual([]);
  expect(injected).toBe(0);
});
