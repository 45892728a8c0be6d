import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";

import { CHAT_ERROR } from "~/copy/chat";
import { defaultMediaText } from "~/lib/chat";
import type { ChatMediaType } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { readFormWithLimit } from "~/lib/read-form.server";
import type { ChatMetadata } from "~/services/webhooks.server";

import {
  chatLimits,
  chatMessageSchemaFor,
  countChatMessage,
  maxChatFileBytes,
  maxChatRequestBytes,
} from "./limits.server";
import { chatMetadata } from "./metadata.server";
import { storeUpload } from "./upload.server";

// A chat message as it arrives, from the /chat page's form or the widget's post to
// /chat/messages: counted, read within its size limit, checked, its file stored. What both then
// do with it is the same (conversation.server.ts); only how they answer differs.

export interface AcceptedChatMessage {
  /** The final text: docs/product.md §5's default text for a file sent alone. */
  message: string;
  media: { url: string; type: ChatMediaType; file: File } | null;
  metadata: ChatMetadata;
}

export interface RefusedChatMessage {
  /** The form's answer, with the reason on the field it concerns (or the whole form). */
  result: SubmissionResult;
  status: number;
  headers?: Record<string, string>;
}

function refused(message: string, status: number, headers?: Record<string, string>): RefusedChatMessage {
  return { result: { status: "error", error: { "": [message] } }, status, headers };
}

/** The message, or why it is refused. `address` is the visitor's, for the rate and upload limits. */
export async function acceptChatMessage(
  request: Request,
  address: string,
): Promise<{ accepted: AcceptedChatMessage; result: SubmissionResult } | { refused: RefusedChatMessage }> {
  const env = getEnv();
  const limits = chatLimits(env);
  // Counted before anything is read, so nobody can flood the agency's webhooks through us.
  const rate = await countChatMessage(address, env);
  if (!rate.allowed) {
    return { refused: refused(CHAT_ERROR.tooFast, 429, { "Retry-After": String(rate.retryAfterSeconds) }) };
  }

  const formData = await readFormWithLimit(request, maxChatRequestBytes(limits));
  if (formData === "too-large") return { refused: refused(CHAT_ERROR.requestTooLarge(maxChatFileBytes(limits)), 413) };
  if (formData === "malformed") return { refused: refused(CHAT_ERROR.malformed, 400) };

  const submission = parseWithZod(formData, { schema: chatMessageSchemaFor(env) });
  if (submission.status !== "success") return { refused: { result: submission.reply(), status: 400 } };
  const { message, image, voice, page, utm } = submission.value;

  const upload = image
    ? { file: image, type: "image" as const }
    : voice
      ? { file: voice, type: "voice" as const }
      : null;
  let media: AcceptedChatMessage["media"] = null;
  if (upload) {
    const stored = await storeUpload(upload, address, env);
    if ("error" in stored) {
      // Like a file over the size limit: the message is refused with the reason, its text kept.
      return {
        refused: {
          result: submission.reply({ fieldErrors: { [upload.type]: [stored.error] } }),
          status: stored.status,
          headers: stored.retryAfterSeconds ? { "Retry-After": String(stored.retryAfterSeconds) } : undefined,
        },
      };
    }
    media = { url: stored.url, type: upload.type, file: upload.file };
  }
  return {
    accepted: {
      message: message || defaultMediaText(upload!.type),
      media,
      metadata: await chatMetadata({ page, utm }, request),
    },
    result: submission.reply({ resetForm: true }),
  };
}
