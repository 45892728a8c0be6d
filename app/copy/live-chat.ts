// The live chat's texts (docs/product.md §12.2): the widget's handoff button and staff replies,
// the streams' refusal, the admin's title while conversations wait.

export const LIVE_CHAT_TEXT = {
  talkToPerson: "Talk to a person",
  /** While the button's post is on its way. */
  askingTeam: "Asking our team...",
  /** The header's subtitle while the conversation waits for staff. */
  waiting: "Waiting for our team",
  /** The header's subtitle while staff hold the conversation. */
  withStaff: (name: string) => `Chatting with ${name} from our team`,
  /** Read before a staff member's message (screen reader), as "You:" before the visitor's. */
  staffSays: (name: string) => `${name} from our team:`,
  /** The handoff could not be asked for (the network, the server). */
  handoffFailed: "We could not reach our team just now. Please try again in a moment.",
  /** The plain-text answer of a stream refused past its caps (the widget then polls). */
  streamRefused: "Too many live chats are open right now: new replies are checked every few seconds instead.",
} as const;

/** The admin's document title while conversations wait for staff: "(2) Chats". */
export const LIVE_CHAT_ADMIN_TEXT = {
  waitingTitle: (count: number, title: string) => `(${count}) ${title}`,
} as const;
