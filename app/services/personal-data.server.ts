import { type Env, getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { describeCounts, maskEmail } from "~/lib/personal-data";
import { forgetChatUploads } from "~/models/chat-uploads.server";
import { erasePersonalData, mediaName, type PersonalData } from "~/models/personal-data.server";
import {
  deleteChatMedia,
  findLocalMedia,
  localMediaDir,
  type MediaStore,
  mediaStoreFromEnv,
  UPLOADS_PATH,
} from "~/services/media-storage.server";

/** The export: what is stored about the address, as the admin hands it to the person. */
export function personalDataExport(email: string, data: PersonalData, exportedAt = new Date()) {
  return {
    email,
    exportedAt: exportedAt.toISOString(),
    orders: data.orders.map((order) => ({
      id: order.id,
      orderDate: order.orderDate,
      clientName: order.clientName,
      clientEmail: order.clientEmail,
      clientPhone: order.clientPhone,
      serviceName: order.serviceName,
      setupPrice: order.setupPrice,
      monthlyPrice: order.monthlyPrice,
      totalPrice: order.totalPrice,
      status: order.status,
      paymentMethod: order.paymentMethod,
      subscriptionState: order.subscriptionState,
      paymentRequestedAt: order.paymentRequestedAt,
      providerCustomerId: order.providerCustomerId,
      notes: order.notes,
    })),
    payments: data.payments.map((payment) => ({
      id: payment.id,
      orderId: payment.orderId,
      paidAt: payment.paidAt,
      amount: payment.amount,
      currency: payment.currency,
      kind: payment.kind,
      provider: payment.provider,
      providerReference: payment.providerReference,
      status: payment.status,
      refundedAt: payment.refundedAt,
      note: payment.note,
    })),
    contactMessages: data.contactMessages.map((message) => ({
      id: message.id,
      createdAt: message.createdAt,
      name: message.name,
      email: message.email,
      message: message.message,
    })),
    chatConversations: data.conversations.map((conversation) => ({
      sessionId: conversation.sessionId,
      messages: conversation.messages.map((message) => ({
        createdAt: message.createdAt,
        // Staff replies are the visitor's conversation too (docs/product.md §12.1), with who wrote them.
        from: message.isUserMessage ? "visitor" : message.answeredBy === "staff" ? "staff" : "assistant",
        ...(message.answeredBy === "staff" ? { staffName: message.staffName } : {}),
        message: message.message,
        mediaUrl: message.mediaUrl,
        mediaType: message.mediaType,
      })),
    })),
  };
}

export interface ErasureResult {
  orders: number;
  contactMessages: number;
  conversations: number;
  /** Chat files that could not be deleted now (the upload retention removes them later). */
  filesLeft: number;
}

/**
 * Erases what is stored about `email` on behalf of `actor`: the database part, with its audit
 * entry, in one transaction; then the conversations' files. The audit entry holds the counts and a
 * masked address, never the address itself.
 */
export async function erasePersonalDataFor(
  email: string,
  actor: { id: string; username: string },
  env: Env = getEnv(),
): Promise<ErasureResult> {
  const erased = await erasePersonalData(email, (counts) => ({
    actor,
    action: "personal_data.erased",
    target: maskEmail(email),
    details: { ...counts, summary: describeCounts(counts) },
  }));
  const filesLeft = await deleteFiles(erased.uploads, erased.untrackedMediaUrls, env);
  return {
    orders: erased.orders,
    contactMessages: erased.contactMessages,
    conversations: erased.conversations,
    filesLeft,
  };
}

// Files go after the commit, as the upload retention does it: each file before its row, so a
// failure keeps the row and the retention job deletes the file when it expires.
async function deleteFiles(
  uploads: { name: string; store: "local" | "supabase" }[],
  untrackedMediaUrls: string[],
  env: Env,
): Promise<number> {
  const local: MediaStore = { kind: "local", dir: localMediaDir(env) };
  const current = mediaStoreFromEnv(env);
  let left = 0;
  for (const upload of uploads) {
    // A file stored while Supabase was configured can only be deleted while it still is.
    const store = upload.store === "local" ? local : current.kind === "supabase" ? current : null;
    try {
      if (!store) throw new Error("Supabase Storage is no longer configured");
      await deleteChatMedia([upload.name], store);
      await forgetChatUploads([upload.name]);
    } catch (error) {
      left++;
      log.error("personal data: a chat file could not be deleted", { name: upload.name, error });
    }
  }
  // Files stored before chat_uploads rows existed: only local ones can be found by name.
  for (const url of untrackedMediaUrls) {
    if (!url.startsWith(`${UPLOADS_PATH}/`)) continue;
    const name = mediaName(url);
    try {
      if (await findLocalMedia(name, local.dir)) await deleteChatMedia([name], local);
    } catch (error) {
      left++;
      log.error("personal data: a chat file could not be deleted", { name, error });
    }
  }
  return left;
}
