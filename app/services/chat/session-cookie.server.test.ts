import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { signedCookieOptions } from "~/lib/cookie-options.server";
import { newChatSessionId } from "~/lib/chat";
import { readChatSession, renewChatSession } from "./session-cookie.server";

const HOUR = 3_600_000;

async function requestWith(setCookie: string): Promise<Request> {
  return new Request("http://localhost/chat", { headers: { Cookie: setCookie.split(";")[0] } });
}

describe("the chat session cookie", () => {
  it("keeps a conversation for its lifetime after the last message, then lets it lapse", async () => {
    const id = newChatSessionId();
    const wrote = Date.now();
    const request = await requestWith(renewChatSession(id, 24, wrote));
    expect(readChatSession(request, 24, wrote + 23 * HOUR)).toBe(id);
    expect(readChatSession(request, 24, wrote + 24 * HOUR)).toBeNull();
    // A shorter lifetime set since applies to conversations already under way.
    expect(readChatSession(request, 2, wrote + 3 * HOUR)).toBeNull();
  });

  it("refuses a value it did not sign, or one that is not a session", async () => {
    const forged = `chat_session=${Buffer.from(JSON.stringify({ id: newChatSessionId(), at: Date.now() })).toString("base64")}`;
    expect(readChatSession(await requestWith(forged), 24)).toBeNull();
    const notASession = renewChatSession("../../etc", 24);
    expect(readChatSession(await requestWith(notASession), 24)).toBeNull();
  });

  it("is React Router's signed cookie: each reads what the other wrote, a conversation begun before included", async () => {
    const reactRouters = createCookie("chat_session", signedCookieOptions());
    const id = newChatSessionId();
    const at = Date.now();
    const theirs = await reactRouters.serialize({ id, at }, { maxAge: 86_400 });
    expect(readChatSession(await requestWith(theirs), 24)).toBe(id);
    const ours = renewChatSession(id, 24, at);
    expect(ours).toBe(theirs);
    expect(await reactRouters.parse(ours.split(";")[0])).toEqual({ id, at });
    // Signed with another secret: not this site's.
    const foreign = await createCookie("chat_session", { secrets: ["another secret"] }).serialize({ id, at });
    expect(readChatSession(await requestWith(foreign), 24)).toBeNull();
  });
});
