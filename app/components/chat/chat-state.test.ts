import { describe, expect, it } from "vitest";
import type { ChatActionData } from "~/routes/public/chat";
import { chatReducer, INITIAL_CHAT_STATE, type ChatEvent, type ChatState } from "./use-chat-state";

// docs/product.md §8's literal texts, written out so a wrong text in the app is caught.
const APOLOGY =
  "I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to contact us directly via WhatsApp for immediate assistance.";

function run(...events: ChatEvent[]): ChatState {
  return events.reduce(chatReducer, INITIAL_CHAT_STATE);
}

const typedAndSent = (text: string, previousOutcome?: ChatActionData): ChatEvent[] => [
  { type: "typed", text },
  { type: "sent", text: text.trim(), media: null, previousOutcome },
];

const exchange = (message: string): ChatActionData => ({
  result: { status: "success" },
  exchange: {
    user: { id: "stored-user", message, isUserMessage: true, mediaUrl: null, mediaType: null },
    bot: { id: "stored-bot", message: `Echo: ${message}`, isUserMessage: false, mediaUrl: null, mediaType: null },
  },
});

const refusal = (errors: Record<string, string[] | null>): ChatActionData => ({
  result: { status: "error", error: errors },
  exchange: null,
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
    expect(state.pending).toEqual({ localId: "local-1", blobUrl: null, previousOutcome: undefined });
  });

  it("gives a file sent without text docs/product.md §5's default text and its preview", () => {
    const state = run({
      type: "sent",
      text: "",
      media: { kind: "image", blobUrl: "blob:preview" },
      previousOutcome: undefined,
    });
    expect(state.messages[0]).toMatchObject({ message: "📷 Image sent", mediaUrl: "blob:preview", mediaType: "image" });
    expect(state.pending?.blobUrl).toBe("blob:preview");
    const voice = run({
      type: "sent",
      text: "",
      media: { kind: "voice", blobUrl: "blob:v" },
      previousOutcome: undefined,
    });
    expect(voice.messages[0].message).toBe("🎤 Voice message");
  });

  it("remembers the answer the fetcher held when a message left", () => {
    const before = exchange("first");
    expect(run(...typedAndSent("second", before)).pending?.previousOutcome).toBe(before);
  });

  it("takes in the exchange: the stored message under its local id, then the reply", () => {
    const state = run(
      { type: "sent", text: "Look", media: { kind: "image", blobUrl: "blob:preview" }, previousOutcome: undefined },
      { type: "settled", outcome: exchange("Look") },
    );
    expect(state.messages).toEqual([
      { id: "local-1", message: "Look", isUserMessage: true, mediaUrl: null, mediaType: null },
      { id: "stored-bot", message: "Echo: Look", isUserMessage: false, mediaUrl: null, mediaType: null },
    ]);
    expect(state).toMatchObject({ pending: null, settledCount: 1 });
  });

  it("marks a refused message with the server's first reason and drops its preview", () => {
    const state = run(
      { type: "sent", text: "", media: { kind: "image", blobUrl: "blob:big" }, previousOutcome: undefined },
      { type: "settled", outcome: refusal({ sessionId: null, image: ["Images can be up to 5 MB."] }) },
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

  it("marks a refusal without a reason with the apology", () => {
    const state = run(...typedAndSent("Hi"), { type: "settled", outcome: refusal({}) });
    expect(state.messages.map((m) => m.failed)).toEqual([APOLOGY]);
  });

  it.each([
    ["a lost connection", { ...refusal({ "": [APOLOGY] }), unexpected: true }],
    ["no answer at all", undefined],
  ])("follows a message that met %s with the apology", (_label, outcome) => {
    const state = run(
      { type: "sent", text: "Hi", media: { kind: "image", blobUrl: "blob:x" }, previousOutcome: undefined },
      { type: "settled", outcome },
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
      outcome: refusal({ message: ["Messages can be up to 2000 characters."] }),
    });
    expect(state.messages.map((m) => [m.id, m.message, m.failed])).toEqual([
      ["local-1", "one", undefined],
      ["stored-bot", "Echo: one", undefined],
      ["local-2", "two", "Messages can be up to 2000 characters."],
    ]);
  });

  it("ignores an answer when no message is on its way", () => {
    const idle = run(...typedAndSent("one"), { type: "settled", outcome: exchange("one") });
    expect(chatReducer(idle, { type: "settled", outcome: undefined })).toBe(idle);
  });

  it("shows a notice that belongs to no message", () => {
    expect(run({ type: "noticed", notice: "Voice messages are not available in this browser." }).notice).toBe(
      "Voice messages are not available in this browser.",
    );
  });
});
