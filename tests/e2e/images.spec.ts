import sharp from "sharp";

import { productText } from "../support/product-text";
import { openAdmin } from "./admin-helpers";
import { expect, test, unique } from "./fixtures";

// A service image uploaded in admin, with JavaScript on and off: a refused file says why and keeps
// the form; a real one is shown on the public services page as a <picture> with AVIF/WebP srcsets.

test.beforeEach(async ({ login }) => login());

test("uploads a service image and shows it on the services page with srcset", async ({
  page,
  sql,
  dollarPrices: _,
}) => {
  const name = unique("E2E Pictured Service");
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#0ea5e9" } })
    .png()
    .toBuffer();
  try {
    await openAdmin(page, "/admin/services/new");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Category").fill("notifications");
    await page.getByLabel("Description").fill("Alerts with a picture");
    await page.getByLabel("Setup price ($)").fill("150");
    const upload = page.getByLabel(productText("Upload an image"));
    await upload.setInputFiles({ name: "cat.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><p>hi") });
    await page.getByRole("button", { name: "Create Service" }).click();
    await expect(
      page.getByText(productText("This file is not an image we can use. Upload a JPEG, PNG, WebP, AVIF or GIF file.")),
    ).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(name);
    // The page has settled on the refusal (its toast is the last thing to arrive) before the next file.
    await expect(page.getByText(productText("Error creating service"))).toBeVisible();

    await page
      .getByLabel(productText("Upload an image"))
      .setInputFiles({ name: "alerts.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Create Service" }).click();
    await expect(page.getByText("Service created successfully!")).toBeVisible();
    const [stored] = await sql`select image_url from services where name = ${name}`;
    expect(stored.image_url).toMatch(/^\/images\/[0-9a-f-]{36}\/800x450\.jpg$/);

    await page.goto(`/services?q=${encodeURIComponent(name)}`);
    const card = page.getByRole("article", { name });
    const image = card.locator("picture img");
    await expect(image).toHaveAttribute("width", "800");
    await expect(image).toHaveAttribute("height", "450");
    await expect(card.locator('source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      /\/96\.avif 96w, .*\/320\.avif 320w, .*\/640\.avif 640w, .*\/800\.avif 800w$/,
    );
    // The browser picked a variant and it arrived.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    await sql`delete from services where name = ${name}`;
  }
});
