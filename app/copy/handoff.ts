// Live chat with a person (docs/product.md §12.1): what the visitor, staff and the emails read.

export const HANDOFF_TEXT = {
  /** The /chat page's button (the widget has its own, app/copy/live-chat.ts). */
  talkToPerson: "Talk to a person",
  checkReplies: "Check for replies",
  /** Stored in the transcript, so staff and the visitor both see how the handover began. */
  visitorAsked: "You asked to talk to a person. We've let the team know.",
  assistantPassed: "The assistant has passed this conversation to our team.",
  handedBack: "The assistant is back in this conversation.",
  /** Waiting, while the team is available. */
  teamTold: "The team has been told. Someone will answer here in a few minutes.",
  /** Waiting, outside the live-chat hours: when the team answers next. */
  awayUntil: (when: string) =>
    `Our team is away right now and will answer here ${when}. You can also leave your email below and we'll write to you.`,
  /** Waiting, within the hours but nobody has the admin open. */
  away: "Our team is away right now and will answer here as soon as someone is back. You can also leave your email below and we'll write to you.",
  withStaff: (name: string) => `You're talking to ${name} from our team.`,
  /** `when`'s parts: "today at 09:00", "tomorrow at 09:00", "on Monday at 09:00", then the zone. */
  today: (time: string) => `today at ${time}`,
  tomorrow: (time: string) => `tomorrow at ${time}`,
  onDay: (weekday: string, time: string) => `on ${weekday} at ${time}`,
  inZone: (when: string, timeZone: string) => `${when} (${timeZone} time)`,
  /** The /chat page's lines while staff hold or wait. */
  waitingStatus: "Waiting for the team",
  staffStatus: "With our team",
  /** How long a conversation has waited, in Admin → Chats. */
  waited: {
    underMinute: "under a minute",
    minutes: (n: number) => `${n} min`,
    hours: (h: number, m: number) => (m ? `${h} h ${m} min` : `${h} h`),
    days: (n: number) => `${n} days`,
  },
} as const;

/** Admin → Chats: the waiting list, the reply form and the notices. */
export const HANDOFF_ADMIN_TEXT = {
  waiting: "Waiting",
  withStaff: "With staff",
  waitedFor: (duration: string) => `waiting for ${duration}`,
  /** The sidebar's count on Chats, for screen readers. */
  waitingCount: "waiting",
  replyLabel: "Reply",
  replyHint: "Markdown works as in the assistant's replies: bold, italic, lists and links.",
  sendReply: "Send reply",
  handBack: "Hand back to assistant",
  replySent: "Reply sent",
  replySentDescription: "The visitor sees it in the chat.",
  handedBack: "Handed back",
  handedBackDescription: "The assistant answers this conversation again.",
  replyEmpty: "Please write a reply.",
  replyTooLong: (max: number) => `Please keep the reply under ${max} characters; it was not sent.`,
  conversationGone: "This conversation no longer exists (it was erased or expired); the reply was not sent.",
  notHeld: "This conversation is already with the assistant.",
  staffBadge: (name: string) => `Replied by ${name}`,
} as const;

/** Settings → Chat: the live-chat part. */
export const HANDOFF_SETTINGS_TEXT = {
  legend: "Live chat",
  description:
    "When visitors ask to talk to a person (or the assistant hands over), the conversation waits for you in Chats.",
  hoursLegend: "Live-chat hours",
  hoursHint: (timeZone: string) =>
    `In ${timeZone} (Settings → Privacy). Leave a day empty for no live chat that day; leave every day empty for no set hours.`,
  opens: (day: string) => `${day} opens`,
  closes: (day: string) => `${day} closes`,
  weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  presence: "Show as available only while a staff member has the admin open",
  handBack: "Hand back after minutes without a staff reply",
  handBackHint: "A conversation staff hold goes back to the assistant after this long without a staff reply.",
  timeInvalid: "Please enter a time as HH:MM, or leave both empty.",
  bothTimes: "Please enter both times, or neither.",
  closesAfterOpens: "The closing time must be after the opening time.",
  handBackRange: (min: number, max: number) => `Please enter a number of minutes from ${min} to ${max}.`,
} as const;

/** Admin users: the optional name visitors see beside a staff reply. */
export const DISPLAY_NAME_TEXT = {
  label: "Display name",
  hint: "Shown to chat visitors beside your replies; your username when empty.",
  tooLong: (max: number) => `Please keep the display name under ${max} characters.`,
  save: "Save display name",
  saved: "Display name saved",
} as const;

/** The staff email when a conversation asks for a person. */
export const HANDOFF_EMAIL_TEXT = {
  subject: "A chat visitor is waiting for a person",
  intro: "A visitor asked to talk to a person in the website's chat.",
  introAssistant: "The assistant handed a chat conversation to the team.",
  firstMessage: "Their first message:",
  link: "Open the conversation:",
} as const;
