import { describe, expect, it } from "vitest";

import { CHAT_SESSION_ID_PATTERN, newChatSessionId } from "./chat";

describe("newChatSessionId", () => {
  it("follows the session id pattern, with the time it was made", () => {
    const id = newChatSessionId(1_700_000_000_000);
    expect(id).toMatch(CHAT_SESSION_ID_PATTERN);
    expect(id).toMatch(/^session_1700000000000_[a-z0-9]{19}$/);
  });

  it("gives a different random part each time", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newChatSessionId(0)));
    expect(ids.size).toBe(1000);
  });
});
