// Admin → Insights and its monthly summary email (docs/product.md 13.2), written once: the page,
// the CSV, the email and the tests read them from here.

export const INSIGHTS_TEXTS = {
  nav: "Insights",
  title: "Insights",
  description: "How visitors find the site, where they drop off, and what comes in.",
  periodLabel: "Period",
  periods: { 7: "Last 7 days", 30: "Last 30 days", 90: "Last 90 days", 365: "Last 365 days" } as Record<number, string>,
  show: "Show",
  downloadCsv: "Download CSV",
  zoneNote: (timeZone: string) => `Days in ${timeZone}.`,
  showFigures: "Show the figures",
  none: "Nothing in this period yet.",
  noRate: "–",
  visits: {
    heading: "Visitors and page views",
    chartLabel: (visitors: number, views: number, step: "day" | "week") =>
      `Visitors and page views per ${step}: ${visitors} visitors, ${views} page views in all.`,
    visitors: "Visitors",
    views: "Page views",
  },
  funnel: {
    heading: "From visit to payment",
    description: "Each step's rate is of the step before.",
    steps: { visitors: "Visitors", chats: "Chat conversations", orders: "Orders", paid: "Paid orders" },
    step: "Step",
    count: "Count",
    rate: "Rate",
  },
  revenue: {
    heading: "Revenue per month",
    chartLabel: "Revenue per month: paid orders and collected payments.",
    paidOrders: "Paid orders",
    collected: "Collected",
  },
  weeks: {
    heading: "Orders per week",
    chartLabel: "Orders per week by status.",
    week: "Week of",
  },
  day: "Day",
  month: "Month",
  topPages: "Top pages",
  topSources: "Top sources",
  topCampaigns: "Top campaigns",
  page: "Page",
  source: "Source",
  /** A visit with no utm_source and no other site's address as its referrer. */
  directSource: "Direct",
  campaign: "Campaign",
  visitors: "Visitors",
  views: "Page views",
  servicesByOrders: "Top services by orders",
  servicesByRevenue: "Top services by revenue",
  service: "Service",
  orders: "Orders",
  revenueColumn: "Revenue",
  chat: {
    heading: "Chat",
    chartLabel: (total: number, step: "day" | "week") => `Chat conversations per ${step}: ${total} in all.`,
    conversations: "Conversations",
    answeredBy: "Answered by",
    replies: "Replies",
    share: "Share",
    cannedShare: (percent: string) => `${percent} of replies fell back to the canned reply.`,
    canned: "Canned reply",
    settings: "Chat webhook in Settings",
    staff: "Team (live chat)",
    unknown: "(unknown)",
    handoffs: "Handed to staff",
    handoffsValue: (handoffs: number, answered: number) =>
      `${handoffs} ${handoffs === 1 ? "conversation" : "conversations"}, ${answered} answered`,
    replyTime: "Median time to a staff reply",
    notAnswered: "None answered yet",
  },
  /** A reply time: under a minute in seconds, under an hour in minutes, else hours and minutes. */
  duration: {
    seconds: (seconds: number) => `${seconds} s`,
    minutes: (minutes: number) => `${minutes} min`,
    hours: (hours: number, minutes: number) => `${hours} h ${minutes} min`,
  },
} as const;

/** The CSV's columns, in order. */
export const INSIGHTS_CSV_HEADER = [
  "day",
  "visitors",
  "page_views",
  "chat_conversations",
  "handoffs",
  "orders",
  "paid_orders",
  "paid_revenue",
  "collected",
] as const;

export const MONTHLY_SUMMARY_TEXTS = {
  /** Settings → Notifications' switch. */
  section: "Notifications",
  setting: "Monthly summary email",
  settingHint: "On the 1st, staff get last month's key figures by email (needs email to be set up).",
  subject: (month: string) => `Your month in numbers: ${month}`,
  intro: (month: string) => `Here is how ${month} went on the website.`,
  rows: {
    visitors: "Visitors",
    views: "Page views",
    chats: "Chat conversations",
    orders: "Orders",
    paidOrders: "Paid orders",
    paidRevenue: "Revenue from paid orders",
    collected: "Collected",
  },
  link: "See more in Insights",
} as const;
