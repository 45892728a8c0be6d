import { createHmac } from "node:crypto";

import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";

import { newChatSessionId } from "~/lib/chat";
import { signedCookieOptions } from "~/lib/cookie-options.server";

import { endChatSession, readChatSession, renewChatSession } from "./session-cookie.server";

const HOUR = 3_600_000;

function requestWith(setCookie: string): Request {
  return new Request("http://localhost/chat", { headers: { Cookie: setCookie.split(";")[0] } });
}

/** A cookie as the hand-written signer before React Router's wrote it: base64 JSON, a dot, its HMAC. */
function signedByHand(value: unknown, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(value)).toString("base64");
  const mac = createHmac("sha256", secret).update(encoded).digest("base64").replace(/=+$/, "");
  return `chat_session=${encodeURIComponent(`${encoded}.${mac}`)}`;
}

describe("the chat session cookie", () => {
  it("keeps a conversation for its lifetime after the last message, then lets it lapse", async () => {
    const id = newChatSessionId();
    const wrote = Date.now();
    const request = requestWith(await renewChatSession(id, 24, wrote));
    expect(await readChatSession(request, 24, wrote + 23 * HOUR)).toBe(id);
    expect(await readChatSession(request, 24, wrote + 24 * HOUR)).toBeNull();
    // A shorter lifetime set since applies to conversations already under way.
    expect(await readChatSession(request, 2, wrote + 3 * HOUR)).toBeNull();
  });

  it("is set HttpOnly, SameSite=Lax, for the whole site, for the conversation's lifetime", async () => {
    const setCookie = await renewChatSession(newChatSessionId(), 24);
    expect(setCookie).toMatch(/^chat_session=[\w%]+\.[\w%]+; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await endChatSession()).toBe("chat_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
  });

  it("refuses a value it did not sign, a forged signature, or one that is not a session", async () => {
    const id = newChatSessionId();
    const unsigned = `chat_session=${Buffer.from(JSON.stringify({ id, at: Date.now() })).toString("base64")}`;
    expect(await readChatSession(requestWith(unsigned), 24)).toBeNull();
    const forged = signedByHand({ id, at: Date.now() }, "a secret guessed wrong");
    expect(await readChatSession(requestWith(forged), 24)).toBeNull();
    // Another visitor's id under this visitor's signature.
    const [value, mac] = (await renewChatSession(id, 24)).split(";")[0].split(".");
    const swapped = `chat_session=${Buffer.from(JSON.stringify({ id: newChatSessionId(), at: Date.now() })).toString("base64")}.${mac}`;
    expect(await readChatSession(requestWith(swapped), 24)).toBeNull();
    expect(await readChatSession(requestWith(`${value}.${mac}`), 24)).toBe(id);
    const notASession = await renewChatSession("../../etc", 24);
    expect(await readChatSession(requestWith(notASession), 24)).toBeNull();
    const foreign = await createCookie("chat_session", { secrets: ["another secret"] }).serialize({
      id,
      at: Date.now(),
    });
    expect(await readChatSession(requestWith(foreign), 24)).toBeNull();
  });

  it("reads a conversation whose cookie was signed before React Router signed it", async () => {
    const id = newChatSessionId();
    const cookie = signedByHand({ id, at: Date.now() }, signedCookieOptions().secrets[0]);
    expect(await readChatSession(requestWith(cookie), 24)).toBe(id);
    // And a cookie written now is byte for byte the one written then.
    const at = Date.now() - HOUR;
    const signedThen = signedByHand({ id, at }, signedCookieOptions().secrets[0]);
    expect((await renewChatSession(id, 24, at)).split(";")[0]).toBe(signedThen);
  });
});
