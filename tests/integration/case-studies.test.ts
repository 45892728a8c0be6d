import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { caseStudies, caseStudyServices, clientLogos, testimonials } from "~/db/schema";
import { type Env, getEnv } from "~/lib/env.server";
import { parseStoredImageUrl } from "~/lib/images";
import { readPublicContentVersion } from "~/models/public-content.server";
import * as sitemap from "~/routes/sitemap";

import { overrideAppEnv } from "../support/app-env";
import { createTestAdmin, createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor, TEST_ORIGIN } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

// Case studies, testimonials and client logos through their admin forms and public pages, on
// both databases (docs/product.md 14.1).

const ORIGIN = "http://agency.test";
overrideAppEnv({ SITE_URL: ORIGIN });

type FormAnswer = { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };

/** A form post with repeated fields (the related services' checkboxes). */
function postFields(path: string, fields: [string, string][], cookie: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
}

/** The form's fields; `changes` replace a field or add one. */
function caseStudyFields(title: string, changes: [string, string][] = []): [string, string][] {
  const fields = new Map<string, string>([
    ["title", title],
    ["clientName", "Northwind Clinic"],
    ["industry", "Healthcare"],
    ["problem", "Front desk staff spent hours on the phone booking appointments."],
    ["solution", "A **booking bot** with [docs](https://example.com) and [bad](javascript:alert(1)) <b>raw</b>."],
    ["results[0].value", "32 h"],
    ["results[0].label", "saved per week"],
    ["results[1].value", ""],
    ["results[1].label", ""],
    ["tools", "n8n, OpenAI, n8n"],
    ["position", "1"],
  ]);
  for (const [name, value] of changes) fields.set(name, value);
  return [...fields];
}

describe.each(BACKENDS)("case studies on %s", (backend) => {
  useTestDatabase(backend);

  it("creates a draft with a slug from the title, publishes it, and shows it only once published", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const service = await createTestService(db(), { isActive: true });
    const title = uniqueName("Clinic Booking Bot");
    const before = await readPublicContentVersion();
    const created = await send(
      postFields("/admin/case-studies/new", [...caseStudyFields(title), ["serviceIds", service.id]], cookie),
    );
    expect(created.status).toBe(302);
    expect(created.toast?.message).toBe(productText("Case study created"));
    // The public pages' cache hears of it through the public content version.
    expect(await readPublicContentVersion()).toBeGreaterThan(before);

    const [row] = await db().select().from(caseStudies).where(eq(caseStudies.title, title));
    expect(row.slug).toBe(
      title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/-+$/, ""),
    );
    expect(row.published).toBe(false);
    expect(row.results).toEqual([{ value: "32 h", label: "saved per week" }]);
    expect(row.tools).toEqual(["n8n", "OpenAI"]);
    expect(await db().select().from(caseStudyServices).where(eq(caseStudyServices.caseStudyId, row.id))).toEqual([
      { caseStudyId: row.id, serviceId: service.id },
    ]);

    // A draft: not on /work, its page a 404, not in the sitemap.
    expect((await send(getRequest(`/work/${row.slug}`))).status).toBe(404);
    const list = await send(getRequest("/work"));
    expect(JSON.stringify(list.loaderData["routes/public/work"])).not.toContain(row.slug);
    expect(await (await sitemap.loader()).text()).not.toContain(row.slug);

    const published = await send(
      postFields(
        `/admin/case-studies/${row.id}/edit`,
        [
          ...caseStudyFields(title, [
            ["slug", row.slug],
            ["published", "on"],
          ]),
          ["serviceIds", service.id],
        ],
        cookie,
      ),
    );
    expect(published.status).toBe(302);
    expect(published.toast?.message).toBe(productText("Case study updated"));

    const page = await send(getRequest(`/work/${row.slug}`));
    expect(page.status).toBe(200);
    const { caseStudy } = page.loaderData["routes/public/case-study"] as {
      caseStudy: { solutionHtml: string; services: { id: string }[] };
    };
    expect(caseStudy.solutionHtml).toContain("<strong>booking bot</strong>");
    expect(caseStudy.solutionHtml).toContain('href="https://example.com"');
    expect(caseStudy.solutionHtml).not.toMatch(/javascript:|<b>/);
    expect(caseStudy.services.map((s) => s.id)).toEqual([service.id]);

    const filtered = await send(getRequest(`/work?service=${service.id}`));
    const work = filtered.loaderData["routes/public/work"] as { caseStudies: { slug: string }[]; service: string };
    expect(work.service).toBe(service.id);
    expect(work.caseStudies.map((c) => c.slug)).toEqual([row.slug]);
    const otherIndustry = await send(getRequest("/work?industry=Logistics"));
    // An industry no case study has shows everything, as the dropdown says.
    expect((otherIndustry.loaderData["routes/public/work"] as { industry: string }).industry).toBe("");

    // The service's card links it; the sitemap lists it.
    const catalogue = await send(getRequest("/services"));
    const { caseStudiesByService } = catalogue.loaderData["routes/public/services"] as {
      caseStudiesByService: Record<string, { slug: string }[] | undefined>;
    };
    expect(caseStudiesByService[service.id]?.map((link) => link.slug)).toContain(row.slug);
    expect(await (await sitemap.loader()).text()).toContain(`<loc>${ORIGIN}/work/${row.slug}</loc>`);

    const removed = await send(postRequest("/admin/case-studies", { intent: "delete", caseStudyId: row.id }, cookie));
    expect(removed.toast?.message).toBe(productText("Case study deleted"));
    expect((await send(getRequest(`/work/${row.slug}`))).status).toBe(404);
  });

  it("refuses a slug another case study has, on the slug field, keeping what was typed", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const slug = `taken-${uniqueName("s")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")}`;
    expect(
      (await send(postFields("/admin/case-studies/new", caseStudyFields("First", [["slug", slug]]), cookie))).status,
    ).toBe(302);
    const second = await send(
      postFields("/admin/case-studies/new", caseStudyFields("Second", [["slug", slug]]), cookie),
    );
    expect(second.status).toBe(400);
    const { result } = second.actionData as FormAnswer;
    expect(result.error).toEqual({
      slug: [productText.pattern('The slug "{slug}" is already used by another case study. Choose another one.', slug)],
    });
    expect(result.initialValue).toMatchObject({ title: "Second", slug });
    expect(await db().select().from(caseStudies).where(eq(caseStudies.slug, slug))).toHaveLength(1);
  });

  it("checks the slug's form, the results' rows and image addresses", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const answer = await send(
      postFields(
        "/admin/case-studies/new",
        caseStudyFields("Bad", [
          ["slug", "Not a slug!"],
          ["results[1].value", "3x"],
          ["coverImageUrl", "javascript:alert(1)"],
        ]),
        cookie,
      ),
    );
    expect(answer.status).toBe(400);
    expect((answer.actionData as FormAnswer).result.error).toEqual({
      slug: [
        productText("Slug may contain only lowercase letters, digits and single dashes, such as clinic-booking-bot"),
      ],
      "results[1].label": [productText("Give both the figure and its label, or leave both empty")],
      coverImageUrl: [
        productText.pattern(
          "{field} must be a web address starting with https:// or a path on this site starting with /",
          "Cover image URL",
        ),
      ],
    });
  });
});

describe.each(BACKENDS)("sitemap.xml and the Work link on %s", (backend) => {
  useTestDatabase(backend);

  it("links /work from the public header and footer only while a case study is published", async () => {
    const hasWork = async () =>
      ((await send(getRequest("/services"))).loaderData["routes/public/layout"] as { hasWork: boolean }).hasWork;
    // This block's database has no case study but this test's.
    expect(await hasWork()).toBe(false);
    const [draft] = await db()
      .insert(caseStudies)
      .values({
        slug: uniqueName("nav-link")
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-"),
        title: "Nav link",
        clientName: "Northwind",
        industry: "Retail",
        problem: "p",
        solution: "s",
      })
      .returning();
    try {
      expect(await hasWork()).toBe(false);
      await db().update(caseStudies).set({ published: true }).where(eq(caseStudies.id, draft.id));
      expect(await hasWork()).toBe(true);
    } finally {
      await db().delete(caseStudies).where(eq(caseStudies.id, draft.id));
    }
  });

  // Moved from public-routes.test.ts: the sitemap now reads the published case studies.
  it("lists the public pages with absolute URLs", async () => {
    const response = await sitemap.loader();
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const body = await response.text();
    for (const path of ["/", "/services", "/work", "/order", "/privacy", "/terms"]) {
      expect(body).toContain(`<loc>${ORIGIN}${path}</loc>`);
    }
    expect(body).not.toContain("/admin");
  });
});

describe.each(BACKENDS)("testimonials and client logos on %s", (backend) => {
  useTestDatabase(backend);

  it("creates, links, hides and deletes testimonials; the home page shows the published ones", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const service = await createTestService(db(), { isActive: true });
    const name = uniqueName("Dana Whitfield");
    const created = await send(
      postRequest(
        "/admin/testimonials/new",
        {
          quote: "Our team got its Mondays back.",
          name,
          role: "COO",
          company: "Brightside Logistics",
          photoUrl: "/demo/people/dana.svg",
          about: `service:${service.id}`,
          position: "0",
          published: "on",
        },
        cookie,
      ),
    );
    expect(created.status).toBe(302);
    expect(created.toast?.message).toBe(productText("Testimonial created"));
    const [row] = await db().select().from(testimonials).where(eq(testimonials.name, name));
    expect(row).toMatchObject({ serviceId: service.id, caseStudyId: null, published: true });

    const home = await send(getRequest("/"));
    const { proof } = home.loaderData["routes/public/home"] as { proof: { testimonials: { name: string }[] } };
    expect(proof.testimonials.map((t) => t.name)).toContain(name);
    // Beside its service in the order summary.
    const order = await send(getRequest(`/order?service=${service.id}`));
    const orderProof = (
      order.loaderData["routes/public/order"] as { proof: { testimonials: Record<string, { name: string }> } }
    ).proof;
    expect(orderProof.testimonials[service.id]?.name).toBe(name);

    // Unpublished: gone from the public pages.
    const hidden = await send(
      postRequest(
        `/admin/testimonials/${row.id}/edit`,
        { quote: "Our team got its Mondays back.", name, about: "", position: "0" },
        cookie,
      ),
    );
    expect(hidden.toast?.message).toBe(productText("Testimonial updated"));
    const homeAfter = await send(getRequest("/"));
    expect(JSON.stringify(homeAfter.loaderData["routes/public/home"])).not.toContain(name);

    const bad = await send(
      postRequest("/admin/testimonials/new", { quote: "x", name: "y", about: "service:nope" }, cookie),
    );
    expect((bad.actionData as FormAnswer).result.error).toEqual({
      about: [productText("Choose a case study or service from the list")],
    });

    const removed = await send(postRequest("/admin/testimonials", { intent: "delete", testimonialId: row.id }, cookie));
    expect(removed.toast?.message).toBe(productText("Testimonial deleted"));
    expect(await db().select().from(testimonials).where(eq(testimonials.id, row.id))).toHaveLength(0);
  });

  it("keeps the logos in the admin's order on the home page", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const second = uniqueName("Second Co");
    const first = uniqueName("First Co");
    for (const [altText, position] of [
      [second, "2"],
      [first, "1"],
    ]) {
      const answer = await send(
        postRequest("/admin/testimonials/logos/new", { altText, imageUrl: "/demo/logos/a.svg", position }, cookie),
      );
      expect(answer.toast?.message).toBe(productText("Logo added"));
    }
    const home = await send(getRequest("/"));
    const names = (
      home.loaderData["routes/public/home"] as { proof: { logos: { altText: string }[] } }
    ).proof.logos.map((logo) => logo.altText);
    expect(names.indexOf(first)).toBeLessThan(names.indexOf(second));
    expect(names.indexOf(first)).toBeGreaterThanOrEqual(0);

    const missing = await send(postRequest("/admin/testimonials/logos/new", { altText: "No image" }, cookie));
    expect((missing.actionData as FormAnswer).result.error).toEqual({
      imageUrl: [productText("Upload a logo or give its image URL")],
    });

    const [logo] = await db().select().from(clientLogos).where(eq(clientLogos.altText, first));
    const removed = await send(postRequest("/admin/testimonials", { intent: "delete-logo", logoId: logo.id }, cookie));
    expect(removed.toast?.message).toBe(productText("Logo deleted"));
  });
});

describe.each(BACKENDS)("uploaded proof images on %s", (backend) => {
  useTestDatabase(backend);
  // Uploads are stored under DATA_DIR: a folder of this block's own.
  const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };
  let original: Env;
  let dataDir: string;
  beforeAll(() => {
    original = getEnv();
    dataDir = mkdtempSync(path.join(tmpdir(), "agency-proof-images-"));
    globalEnv.__appEnv = { ...original, DATA_DIR: dataDir };
  });
  afterAll(() => {
    globalEnv.__appEnv = original;
    rmSync(dataDir, { recursive: true, force: true });
  });

  function multipart(url: string, fields: Record<string, string | File>, cookie: string): Request {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return new Request(`${TEST_ORIGIN}${url}`, { method: "POST", body: form, headers: { Cookie: cookie } });
  }

  it("stores an uploaded cover as resized variants and refuses a logo that is not an image", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const title = uniqueName("Uploaded cover");
    const created = await send(
      multipart(
        "/admin/case-studies/new",
        {
          ...Object.fromEntries(caseStudyFields(title)),
          coverImageFile: new File([new Uint8Array(png)], "cover.png", { type: "image/png" }),
        },
        cookie,
      ),
    );
    expect(created.status).toBe(302);
    const [row] = await db().select().from(caseStudies).where(eq(caseStudies.title, title));
    expect(parseStoredImageUrl(row.coverImageUrl)).toMatchObject({ width: 1200, height: 630 });

    const logo = uniqueName("Not a logo");
    const refused = await send(
      multipart(
        "/admin/testimonials/logos/new",
        { altText: logo, imageFile: new File(["<svg onload=alert(1)>"], "logo.png", { type: "image/png" }) },
        cookie,
      ),
    );
    expect(refused.status).toBe(400);
    const { result } = refused.actionData as FormAnswer;
    expect(Object.keys(result.error ?? {})).toEqual(["imageFile"]);
    expect(result.initialValue).toMatchObject({ altText: logo });
    expect(await db().select().from(clientLogos).where(eq(clientLogos.altText, logo))).toHaveLength(0);
  });
});
