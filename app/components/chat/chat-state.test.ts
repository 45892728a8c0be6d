import { describe, expect, it } from "vitest";

import { type ChatEvent, type ChatOutcome, chatReducer, type ChatState, INITIAL_CHAT_STATE } from "./use-chat-state";

// docs/product.md §8's literal texts, written out so a wrong text in the app is caught.
const APOLOGY =
  "I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to contact us directly via WhatsApp for immediate assistance.";

function run(...events: ChatEvent[]): ChatState {
  return events.reduce(chatReducer, INITIAL_CHAT_STATE);
}

const typedAndSent = (text: string): ChatEvent[] => [
  { type: "typed", text },
  { type: "sent", text: text.trim(), media: null },
];

const exchange = (message: string, html?: string): ChatOutcome => ({
  exchange: {
    user: { id: "stored-user", message, isUserMessage: true, mediaUrl: null, mediaType: null },
    bot: {
      id: "stored-bot",
      message: `Echo: ${message}`,
      isUserMessage: false,
      mediaUrl: null,
      mediaType: null,
      ...(html ? { html } : {}),
    },
  },
});

describe("chatReducer", () => {
  it("starts empty", () => {
    expect(INITIAL_CHAT_STATE).toMatchObject({ text: "", notice: null, messages: [], pending: null });
  });

  it("keeps the conversation and the text typed after it", () => {
    const state = run(...typedAndSent("Hello"), { type: "typed", text: "draft" });
    expect(state.messages.map((m) => m.message)).toEqual(["Hello"]);
    expect(state.text).toBe("draft");
  });

  it("shows a sent message at once, empties the input and clears the notice", () => {
    const state = run({ type: "noticed", notice: "Microphone refused" }, ...typedAndSent("Hello there"));
    expect(state.messages).toEqual([
      { id: "local-1", message: "Hello there", isUserMessage: true, mediaUrl: null, mediaType: null },
    ]);
    expect(state).toMatchObject({ text: "", notice: null, sentCount: 1 });
    expect(state.pending).toEqual({ localId: "local-1", blobUrl: null });
  });

  it("gives a file sent without text docs/product.md §5's default text and its preview", () => {
    const state = run({
      type: "sent",
      text: "",
      media: { kind: "image", blobUrl: "blob:preview" },
    });
    expect(state.messages[0]).toMatchObject({ message: "📷 Image sent", mediaUrl: "blob:preview", mediaType: "image" });
    expect(state.pending?.blobUrl).toBe("blob:preview");
    const voice = run({
      type: "sent",
      text: "",
      media: { kind: "voice", blobUrl: "blob:v" },
    });
    expect(voice.messages[0].message).toBe("🎤 Voice message");
  });

  it("grows the reply's bubble with each streamed piece, then shows the stored reply under the same key", () => {
    const streaming = run(
      ...typedAndSent("Hi"),
      { type: "streamed", text: "Hel" },
      { type: "streamed", text: "lo **there**" },
    );
    expect(streaming.messages.map((m) => [m.id, m.message, m.isUserMessage])).toEqual([
      ["local-1", "Hi", true],
      ["local-1-reply", "Hello **there**", false],
    ]);
    expect(streaming.pending).not.toBeNull();
    const settled = chatReducer(streaming, {
      type: "settled",
      outcome: exchange("Hi", "<p>Hello <strong>there</strong></p>"),
    });
    expect(settled.messages.map((m) => [m.id, m.message, m.html])).toEqual([
      ["local-1", "Hi", undefined],
      ["local-1-reply", "Echo: Hi", "<p>Hello <strong>there</strong></p>"],
    ]);
  });

  it("keeps what was streamed when the connection is lost, followed by the apology", () => {
    const state = run(
      ...typedAndSent("Hi"),
      { type: "streamed", text: "Half a" },
      {
        type: "settled",
        outcome: { lost: true },
      },
    );
    expect(state.messages.map((m) => m.message)).toEqual(["Hi", "Half a", APOLOGY]);
  });

  it("ignores a streamed piece when no message is on its way", () => {
    const idle = run(...typedAndSent("one"), { type: "settled", outcome: exchange("one") });
    expect(chatReducer(idle, { type: "streamed", text: "late" })).toBe(idle);
  });

  it("shows the conversation so far, unless a message already went out", () => {
    const history = [
      { id: "a", message: "Earlier", isUserMessage: true, mediaUrl: null, mediaType: null },
      { id: "b", message: "Reply", isUserMessage: false, mediaUrl: null, mediaType: null, html: "<p>Reply</p>" },
    ];
    expect(run({ type: "loaded", messages: history }).messages).toEqual(history);
    expect(run(...typedAndSent("Hi"), { type: "loaded", messages: history }).messages.map((m) => m.id)).toEqual([
      "local-1",
    ]);
  });

  it("starts a new conversation empty, keeping what the visitor is typing", () => {
    const state = run(
      ...typedAndSent("one"),
      { type: "settled", outcome: exchange("one") },
      { type: "typed", text: "dr" },
      {
        type: "restarted",
      },
    );
    expect(state).toMatchObject({ messages: [], text: "dr", pending: null });
  });

  it("takes in the exchange: the stored message under its local id, then the reply", () => {
    const state = run(
      { type: "sent", text: "Look", media: { kind: "image", blobUrl: "blob:preview" } },
      { type: "settled", outcome: exchange("Look") },
    );
    expect(state.messages).toEqual([
      { id: "local-1", message: "Look", isUserMessage: true, mediaUrl: null, mediaType: null },
      { id: "local-1-reply", message: "Echo: Look", isUserMessage: false, mediaUrl: null, mediaType: null },
    ]);
    expect(state).toMatchObject({ pending: null, settledCount: 1 });
  });

  it("marks a refused message with the server's first reason and drops its preview", () => {
    const state = run(
      { type: "sent", text: "", media: { kind: "image", blobUrl: "blob:big" } },
      { type: "settled", outcome: { refused: "Images can be up to 5 MB." } },
    );
    expect(state.messages).toEqual([
      {
        id: "local-1",
        message: "📷 Image sent",
        isUserMessage: true,
        mediaUrl: null,
        mediaType: "image",
        failed: "Images can be up to 5 MB.",
      },
    ]);
    expect(state.pending).toBeNull();
  });

  it("follows a message whose answer was lost with the apology", () => {
    const state = run(
      { type: "sent", text: "Hi", media: { kind: "image", blobUrl: "blob:x" } },
      { type: "settled", outcome: { lost: true } },
    );
    expect(state.messages).toEqual([
      { id: "local-1", message: "Hi", isUserMessage: true, mediaUrl: null, mediaType: "image" },
      { id: "local-1-error", message: APOLOGY, isUserMessage: false, mediaUrl: null, mediaType: null },
    ]);
    expect(state.settledCount).toBe(1);
  });

  it("gives each sent message its own local id and settles only the one on its way", () => {
    const state = run(...typedAndSent("one"), { type: "settled", outcome: exchange("one") }, ...typedAndSent("two"), {
      type: "settled",
      outcome: { refused: "Messages can be up to 2000 characters." },
    });
    expect(state.messages.map((m) => [m.id, m.message, m.failed])).toEqual([
      ["local-1", "one", undefined],
      ["local-1-reply", "Echo: one", undefined],
      ["local-2", "two", "Messages can be up to 2000 characters."],
    ]);
  });

  it("ignores an answer when no message is on its way", () => {
    const idle = run(...typedAndSent("one"), { type: "settled", outcome: exchange("one") });
    expect(chatReducer(idle, { type: "settled", outcome: { lost: true } })).toBe(idle);
  });

  it("shows a notice that belongs to no message", () => {
    expect(run({ type: "noticed", notice: "Voice messages are not available in this browser." }).notice).toBe(
      "Voice messages are not available in this browser.",
    );
  });

  describe("live updates", () => {
    const staffReply = {
      id: "staff-1",
      message: "Hi, Sam here",
      isUserMessage: false,
      mediaUrl: null,
      mediaType: null,
      staffName: "Sam",
    };

    it("adds a staff reply that came live once, however often it comes, and goes on after it", () => {
      const state = run(
        { type: "loaded", messages: [{ ...staffReply, id: "old" }], handoff: { status: "waiting" } },
        { type: "received", message: staffReply },
        { type: "received", message: staffReply },
      );
      expect(state.messages.map((m) => m.id)).toEqual(["old", "staff-1"]);
      expect(state.cursor).toBe("staff-1");
      expect(state.handoff).toEqual({ status: "waiting" });
    });

    it("goes on after the stored reply, or the visitor's message while staff hold the conversation", () => {
      expect(run(...typedAndSent("one"), { type: "settled", outcome: exchange("one") }).cursor).toBe("stored-bot");
      const held = run(...typedAndSent("two"), {
        type: "settled",
        outcome: {
          exchange: { user: { id: "held", message: "two", isUserMessage: true, mediaUrl: null, mediaType: null } },
          handoff: { status: "staff", staffName: "Sam" },
        },
      });
      expect(held).toMatchObject({ cursor: "held", handoff: { status: "staff", staffName: "Sam" } });
      expect(held.messages.map((m) => m.id)).toEqual(["local-1"]);
    });

    it("forgets who answered with the conversation", () => {
      const state = run({ type: "handedOff", handoff: { status: "waiting" } }, { type: "restarted" });
      expect(state).toMatchObject({ handoff: null, cursor: null });
    });
  });
});
