import { expect } from "@playwright/test";

import { productText } from "../support/product-text";
import { ADMIN, test } from "./fixtures";

// docs/product.md §12.1 without JavaScript: the visitor asks for a person on /chat, a staff member
// replies in Admin → Chats, "Check for replies" shows it, and the conversation is handed back.

const VISITOR_ASKED = productText("You asked to talk to a person. We've let the team know.");

test(
  "a visitor without JavaScript talks to a person: staff reply in Chats, then hand back",
  { tag: "@nojs" },
  async ({ page, browser, baseURL, sql, login }) => {
    const visitor = await (await browser.newContext({ javaScriptEnabled: false, baseURL })).newPage();
    await visitor.goto("/chat");
    const chat = visitor.getByRole("main");
    await chat.getByRole("button", { name: productText("Talk to a person") }).click();
    await expect(chat.getByText(VISITOR_ASKED)).toBeVisible();
    await expect(chat.getByRole("status")).toContainText(productText("Waiting for the team"));
    const [{ session_id: sessionId }] =
      await sql`select session_id from chat_messages where message = ${VISITOR_ASKED} order by created_at desc limit 1`;

    await login();
    await page.goto(`/admin/chats?session=${encodeURIComponent(sessionId)}`);
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation.getByText(productText("Waiting"), { exact: true })).toBeVisible();
    const reply = `We're on it ${Date.now()}`;
    await conversation.getByLabel(productText("Reply"), { exact: true }).fill(reply);
    await conversation.getByRole("button", { name: productText("Send reply") }).click();
    await expect(page.getByText(productText("Reply sent"))).toBeVisible();
    await expect(conversation.getByText(reply)).toBeVisible();

    await chat.getByRole("button", { name: productText("Check for replies") }).click();
    await expect(chat.getByText(reply)).toBeVisible();
    await expect(chat.getByRole("status")).toContainText(
      productText.pattern("You're talking to {name} from our team.", ADMIN.username),
    );

    await page
      .getByRole("region", { name: "Conversation" })
      .getByRole("button", { name: productText("Hand back to assistant") })
      .click();
    await expect(page.getByText(productText("Handed back"))).toBeVisible();
    await visitor.reload();
    await expect(chat.getByText(productText("The assistant is back in this conversation."))).toBeVisible();
    await expect(chat.getByRole("button", { name: productText("Talk to a person") })).toBeVisible();
    await visitor.context().close();
  },
);
