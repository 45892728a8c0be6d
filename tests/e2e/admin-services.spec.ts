import { createTestOrder, createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { deleteTrigger, expectFormOpened, openAdmin } from "./admin-helpers";
import { expect, test, unique } from "./fixtures";

test.beforeEach(async ({ login }) => login());

test("creates a service from the Add Service form", async ({ page, sql, dollarPrices: _ }) => {
  const name = unique("E2E Created Service");
  try {
    await openAdmin(page, "/admin/services");
    await page.getByRole("link", { name: "Add Service" }).click();
    await expect(page).toHaveURL(/\/admin\/services\/new$/);
    await expectFormOpened(page, "Add Service");
    await expect(page.getByLabel("Setup price ($)")).toHaveAttribute("placeholder", "149");
    await expect(page.getByLabel("Monthly price ($)")).toHaveAttribute("placeholder", "29");
    // The spec's defaults: active on, featured off.
    await expect(page.getByLabel("Active")).toBeChecked();
    await expect(page.getByLabel("Featured")).not.toBeChecked();

    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Category").fill("notifications");
    await page.getByLabel("Description").fill("Alerts for the test team");
    await page.getByLabel("Setup price ($)").fill("149.50");
    await page.getByLabel("Monthly price ($)").fill("0");
    // Left inactive: the public site must not show test services.
    await page.getByLabel("Active").uncheck();
    await page.getByRole("button", { name: "Create Service" }).click();

    await expect(page.getByText("Service created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/services$/);
    const row = page.getByRole("listitem", { name });
    await expect(row.getByText("Inactive")).toBeVisible();
    await expect(row.getByText("$149.50 setup")).toBeVisible();
    const [stored] = await sql`select * from services where name = ${name}`;
    expect(stored).toMatchObject({ category: "notifications", is_active: false, featured: false, image_url: null });
    expect(Number(stored.setup_price)).toBe(149.5);
    expect(Number(stored.monthly_price)).toBe(0);
  } finally {
    await sql`delete from services where name = ${name}`;
  }
});

test("a one-off service needs no monthly price: an empty field stores 0", async ({ page, sql, dollarPrices: _ }) => {
  const name = unique("E2E One-off Service");
  try {
    await openAdmin(page, "/admin/services/new");
    const monthly = page.getByLabel("Monthly price ($)");
    await expect(monthly).not.toHaveAttribute("required");
    await expect(page.getByText(productText("Leave empty for a one-off service."))).toBeVisible();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Category").fill("custom-solutions");
    await page.getByLabel("Description").fill("A one-off build");
    await page.getByLabel("Setup price ($)").fill("499");
    await expect(monthly).toHaveValue("");
    await page.getByLabel("Active").uncheck();
    await page.getByRole("button", { name: "Create Service" }).click();

    await expect(page.getByText("Service created successfully!")).toBeVisible();
    const row = page.getByRole("listitem", { name });
    await expect(row.getByText("$499 setup", { exact: true })).toBeVisible();
    const [stored] = await sql`select setup_price, monthly_price from services where name = ${name}`;
    expect(Number(stored.setup_price)).toBe(499);
    expect(Number(stored.monthly_price)).toBe(0);
  } finally {
    await sql`delete from services where name = ${name}`;
  }
});

test("a service form with errors keeps what was typed and saves nothing", async ({ page, sql, dollarPrices: _ }) => {
  const description = unique("Typed description");
  await openAdmin(page, "/admin/services/new");
  await page.getByLabel("Name").fill("   ");
  await page.getByLabel("Category").fill("notifications");
  await page.getByLabel("Description").fill(description);
  await page.getByLabel("Setup price ($)").fill("99");
  await page.getByLabel("Monthly price ($)").fill("9");
  await page.getByLabel("Image URL (optional)").fill("ftp://files.example/picture.png");
  await page.getByRole("button", { name: "Create Service" }).click();

  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Image URL must be a web address starting with http:// or https://")).toBeVisible();
  await expect(page.getByLabel("Description")).toHaveValue(description);
  await expect(page.getByLabel("Setup price ($)")).toHaveValue("99");
  expect(await sql`select 1 from services where description = ${description}`).toHaveLength(0);
});

test(
  "with JavaScript, the Add Service dialog shows errors in place and keeps what was typed",
  { tag: "@js" },
  async ({ page, sql, dollarPrices: _ }) => {
    const description = unique("Typed description");
    await openAdmin(page, "/admin/services");
    await page.getByRole("link", { name: "Add Service" }).click();
    const dialog = await expectFormOpened(page, "Add Service");
    await dialog.getByLabel("Name").fill("   ");
    await dialog.getByLabel("Category").fill("notifications");
    await dialog.getByLabel("Description").fill(description);
    await dialog.getByLabel("Setup price ($)").fill("99");
    await dialog.getByLabel("Monthly price ($)").fill("9");
    await dialog.getByLabel("Image URL (optional)").fill("ftp://files.example/picture.png");
    await dialog.getByRole("button", { name: "Create Service" }).click();

    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Image URL must be a web address starting with http:// or https://")).toBeVisible();
    await expect(dialog.getByLabel("Description")).toHaveValue(description);
    await expect(dialog.getByLabel("Setup price ($)")).toHaveValue("99");
    await expect(page).toHaveURL(/\/admin\/services\/new$/);
    expect(await sql`select 1 from services where description = ${description}`).toHaveLength(0);
  },
);

test("edits a service", async ({ page, sql, db, dollarPrices: _ }) => {
  const service = await createTestService(db);
  const renamed = unique("E2E Renamed Service");
  try {
    await openAdmin(page, "/admin/services");
    await page.getByRole("link", { name: `Edit ${service.name}` }).click();
    await expectFormOpened(page, "Edit Service");
    await expect(page.getByLabel("Name")).toHaveValue(service.name);
    await expect(page.getByLabel("Active")).not.toBeChecked();
    await page.getByLabel("Name").fill(renamed);
    await page.getByLabel("Setup price ($)").fill("199");
    await page.getByLabel("Featured").check();
    await page.getByRole("button", { name: "Update Service" }).click();

    await expect(page.getByText("Service updated successfully!")).toBeVisible();
    const row = page.getByRole("listitem", { name: renamed });
    await expect(row.getByText("Featured")).toBeVisible();
    const [stored] = await sql`select name, setup_price, featured, is_active from services where id = ${service.id}`;
    expect(stored).toMatchObject({ name: renamed, featured: true, is_active: false });
    expect(Number(stored.setup_price)).toBe(199);
  } finally {
    await sql`delete from services where id = ${service.id}`;
  }
});

test("deletes a service after confirmation and keeps its orders", async ({ page, sql, db }) => {
  const service = await createTestService(db);
  const order = await createTestOrder(db, { serviceId: service.id });
  try {
    await openAdmin(page, "/admin/services");
    await deleteTrigger(page, `Delete ${service.name}`).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();

    await expect(page.getByText("Service deleted successfully!")).toBeVisible();
    await expect(page.getByRole("listitem", { name: service.name })).toHaveCount(0);
    expect(await sql`select 1 from services where id = ${service.id}`).toHaveLength(0);
    const [kept] = await sql`select service_id, service_name, setup_price from orders where id = ${order.id}`;
    expect(kept).toMatchObject({ service_id: null, service_name: order.serviceName });
  } finally {
    await sql`delete from orders where id = ${order.id}`;
    await sql`delete from services where id = ${service.id}`;
  }
});

test("an unknown service id answers 404 inside the admin layout", async ({ page }) => {
  const response = await openAdmin(page, "/admin/services/00000000-0000-4000-8000-000000000000/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  expect((await openAdmin(page, "/admin/services/not-a-uuid/edit"))?.status()).toBe(404);
});
