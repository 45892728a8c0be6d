import { describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";

import { createTestAdmin } from "../support/factories";
import { postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, useTestDatabase } from "../support/test-database";

// docs/product.md, Starting content: the demo's support address follows the company's name.

const SETTINGS = {
  workflowToolName: "n8n",
  homepageHeadline: "Automations that work",
  homepageSubtext: "We build them.",
};

describe.each(BACKENDS)("the demo's support address on %s", (backend) => {
  useTestDatabase(backend);

  it("follows a renamed company, and stays when the admin typed their own", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const save = async (companyName: string, supportEmail: string) => {
      expect(
        (await send(postRequest("/admin/settings", { ...SETTINGS, companyName, supportEmail }, cookie))).status,
      ).toBe(302);
      const [row] = await db().select().from(siteSettings);
      return row.supportEmail;
    };
    expect(await save("FlowForge Automation", "hello@flowforge-automation.example")).toBe(
      "hello@flowforge-automation.example",
    );
    expect(await save("Acme & Co", "hello@flowforge-automation.example")).toBe("hello@acme-co.example");
    expect(await save("Acme & Co", "team@acme.com")).toBe("team@acme.com");
    expect(await save("Acme Group", "team@acme.com")).toBe("team@acme.com");
  });
});
