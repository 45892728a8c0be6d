import { describe, expect, it } from "vitest";
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
    const request = await requestWith(await renewChatSession(id, 24, wrote));
    expect(await readChatSession(request, 24, wrote + 23 * HOUR)).toBe(id);
    expect(await readChatSession(request, 24, wrote + 24 * HOUR)).toBeNull();
    // A shorter lifetime set since applies to conversations already under way.
    expect(await readChatSession(request, 2, wrote + 3 * HOUR)).toBeNull();
  });

  it("refuses a value it did not sign, or one that is not a session", async () => {
    const forged = `chat_session=${Buffer.from(JSON.stringify({ id: newChatSessionId(), at: Date.now() })).toString("base64")}`;
    expect(await readChatSession(await requestWith(forged), 24)).toBeNull();
    const notASession = await renewChatSession("../../etc", 24);
    expect(await readChatSession(await requestWith(notASession), 24)).toBeNull();
  });
});
