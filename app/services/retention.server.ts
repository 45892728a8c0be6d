import { type Env, getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { deleteConversationsIdleFor } from "~/models/chat-messages.server";
import { deleteContactMessagesOlderThan } from "~/models/contact-messages.server";
import { deleteSettledEventsOlderThan } from "~/models/outbox.server";
import { getSiteSettings } from "~/models/site-settings.server";

import { deleteUnusedImages } from "./images.server";
import { queueMonthlySummary } from "./insights/monthly-summary.server";
import { deleteExpiredUploads } from "./upload-retention.server";

// The scheduled clean-up: chat files, uploaded images no record uses, then chat conversations and
// contact messages older than the site settings keep them (the privacy policy states the
// periods), then business events and their delivery log after EVENT_LOG_DAYS. Hourly on every instance, without a lock: deleting what another instance already
// deleted deletes nothing. Batches keep each statement, and the triggers' work, small.

const RUN_EVERY_MS = 60 * 60 * 1000;
const BATCH = 1000;
export const EVENT_LOG_DAYS = 30;

export interface RecordsRetentionResult {
  conversations: number;
  contactMessages: number;
  events: number;
}

async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted === 0) return total;
  }
}

/** Deletes the chat conversations and contact messages older than the settings' periods. */
export async function deleteExpiredRecords(): Promise<RecordsRetentionResult> {
  const settings = await getSiteSettings();
  const conversations = await inBatches(() => deleteConversationsIdleFor(settings.chatRetentionMonths, BATCH));
  const contactMessages = await inBatches(() => deleteContactMessagesOlderThan(settings.contactRetentionMonths, BATCH));
  const events = await inBatches(() => deleteSettledEventsOlderThan(EVENT_LOG_DAYS, BATCH));
  return { conversations, contactMessages, events };
}

let timer: NodeJS.Timeout | undefined;

async function runOnce(env: Env): Promise<void> {
  try {
    const result = await deleteExpiredUploads(env);
    if (result.files > 0 || result.messages > 0) log.info("expired chat uploads deleted", { ...result });
  } catch (error) {
    log.error("deleting expired chat uploads failed", { error });
  }
  try {
    const result = await deleteExpiredRecords();
    if (result.conversations > 0 || result.contactMessages > 0 || result.events > 0)
      log.info("expired chats, messages and events deleted", { ...result });
  } catch (error) {
    log.error("deleting expired chats and messages failed", { error });
  }
  try {
    const result = await deleteUnusedImages(env);
    if (result.deleted > 0) log.info("unused images deleted", { ...result });
  } catch (error) {
    log.error("deleting unused images failed", { error });
  }
  // The hourly run also queues the monthly summary email, once a month across instances.
  await queueMonthlySummary().catch((error: unknown) => log.error("queueing the monthly summary failed", { error }));
}

/** Runs retention now and then hourly, in the background; it never keeps the process alive. */
export function startRetention(env: Env = getEnv()): void {
  if (timer) return;
  timer = setInterval(() => void runOnce(env), RUN_EVERY_MS).unref();
  void runOnce(env);
}

export function stopRetention(): void {
  clearInterval(timer);
  timer = undefined;
}
