import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";

import {
  ChoiceField,
  FormFooter,
  InputField,
  NumberField,
  TextField,
  useSchemaForm,
} from "~/components/admin/form-fields";
import { Options } from "~/components/admin/options";
import { useIsSubmitting } from "~/components/admin/pending";
import { SwitchField } from "~/components/admin/switch-field";
import { dismissToast } from "~/components/toaster";
import { TOASTS, WEBHOOK_TEXTS } from "~/copy/admin";
import { WEBHOOK_METHODS, WEBHOOK_PAYLOAD_FORMATS } from "~/lib/domain";
import type { WebhookView } from "~/models/webhooks.server";
import { checkbox, httpUrl, optionalText, required } from "~/routes/admin/+shared/form-schemas";

export const WEBHOOKS_PATH = "/admin/webhooks";

// docs/product.md §7: each webhook gets 15 seconds unless its form says otherwise; the reply's
// deadline (at most a minute) caps it anyway.
const DEFAULT_WEBHOOK_TIMEOUT_SECONDS = 15;
const WEBHOOK_TIMEOUT_MAX_SECONDS = 60;

// Headers arrive as JSON text; whether it parses is checked on the server, which answers with the
// spec's "Invalid JSON in headers" toast (see parseHeaders).
export const WebhookEditorSchema = z.object({
  name: required(WEBHOOK_TEXTS.name, 100),
  url: httpUrl(WEBHOOK_TEXTS.url),
  method: z.enum(WEBHOOK_METHODS, { error: WEBHOOK_TEXTS.methodInvalid }),
  headers: optionalText(WEBHOOK_TEXTS.headersName, 10_000),
  payloadFormat: z.enum(WEBHOOK_PAYLOAD_FORMATS, { error: WEBHOOK_TEXTS.payloadFormatInvalid }).default("website"),
  timeoutSeconds: z
    .number({ error: WEBHOOK_TEXTS.timeoutNotNumber })
    .int(WEBHOOK_TEXTS.timeoutNotWhole)
    .min(1, WEBHOOK_TEXTS.timeoutTooShort)
    .max(WEBHOOK_TIMEOUT_MAX_SECONDS, WEBHOOK_TEXTS.timeoutTooLong(WEBHOOK_TIMEOUT_MAX_SECONDS))
    .default(DEFAULT_WEBHOOK_TIMEOUT_SECONDS),
  isActive: checkbox(),
});

/**
 * Stands for a stored header value in the edit form: the values are write-only (they hold n8n
 * credentials), like the integration secrets. Not Latin-1, so no real header value can equal it.
 */
export const HEADER_VALUE_MASK = "••••••••";

const WEBHOOK_EDITOR_STORED_HEADERS_HINT = WEBHOOK_TEXTS.storedHeadersHint(HEADER_VALUE_MASK);

/** The edit form's headers text: the stored names, each with the mask for its value. */
export function maskedHeaders(headerNames: string[]): string {
  if (headerNames.length === 0) return "";
  return JSON.stringify(Object.fromEntries(headerNames.map((name) => [name, HEADER_VALUE_MASK])), null, 2);
}

// RFC 9110 token characters for a header name; a value may not contain line breaks.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The headers textarea as an object of header names to text values, or null when it is not that.
 * A value left as the mask keeps the `stored` value of that header.
 */
export function parseHeaders(
  text: string | undefined,
  stored: Record<string, string> = {},
): Record<string, string> | null {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!HEADER_NAME.test(name)) return null;
    if (!["string", "number", "boolean"].includes(typeof value)) return null;
    const text = String(value);
    if (/[\r\n\0]/.test(text)) return null;
    if (text === HEADER_VALUE_MASK) {
      if (!Object.hasOwn(stored, name)) return null;
      headers[name] = stored[name];
      continue;
    }
    headers[name] = text;
  }
  return headers;
}

export function WebhookEditor({
  webhook,
  lastResult,
}: {
  webhook?: Pick<
    WebhookView,
    "name" | "url" | "method" | "headerNames" | "payloadFormat" | "timeoutSeconds" | "isActive"
  >;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const submitting = useIsSubmitting();
  const [form, fields] = useSchemaForm(WebhookEditorSchema, {
    id: "webhook-editor",
    lastResult,
    // Only the server reads the headers' JSON (and its masked values).
    shouldRevalidate: "onInput",
    // The spec's defaults: POST, active on; the spec's payload.
    defaultValue: webhook
      ? {
          name: webhook.name,
          url: webhook.url,
          method: webhook.method,
          payloadFormat: webhook.payloadFormat,
          timeoutSeconds: webhook.timeoutSeconds,
          isActive: webhook.isActive,
          headers: maskedHeaders(webhook.headerNames),
        }
      : { method: "POST", payloadFormat: "website", timeoutSeconds: DEFAULT_WEBHOOK_TIMEOUT_SECONDS, isActive: true },
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <InputField label={WEBHOOK_TEXTS.name} field={fields.name} />
      <InputField label={WEBHOOK_TEXTS.url} field={fields.url} type="url" placeholder={WEBHOOK_TEXTS.urlPlaceholder} />
      <ChoiceField label={WEBHOOK_TEXTS.method} field={fields.method}>
        <Options values={WEBHOOK_METHODS} label={(method) => method} />
      </ChoiceField>
      <ChoiceField
        label={WEBHOOK_TEXTS.payloadFormat}
        field={fields.payloadFormat}
        hint={WEBHOOK_TEXTS.payloadFormatHint}
      >
        <Options values={WEBHOOK_PAYLOAD_FORMATS} label={(format) => WEBHOOK_TEXTS.payloadFormats[format]} />
      </ChoiceField>
      <NumberField
        label={WEBHOOK_TEXTS.timeoutLabel}
        hint={WEBHOOK_TEXTS.timeoutHint}
        field={fields.timeoutSeconds}
        min={1}
        max={WEBHOOK_TIMEOUT_MAX_SECONDS}
      />
      <TextField
        label={WEBHOOK_TEXTS.headers}
        hint={
          webhook && webhook.headerNames.length > 0 ? WEBHOOK_EDITOR_STORED_HEADERS_HINT : WEBHOOK_TEXTS.headersHint
        }
        field={fields.headers}
        onInput={(event) => {
          // Headers that parse now make the server's "Invalid JSON in headers" toast stale. The
          // browser does not know the stored values: here a mask left in place counts as one.
          const text = event.currentTarget.value.trim().replaceAll(HEADER_VALUE_MASK, "stored");
          if (parseHeaders(text) !== null) {
            dismissToast(TOASTS.webhookInvalidHeaders.message);
          }
        }}
        rows={4}
        spellCheck={false}
        textareaClassName="font-mono text-xs"
      />
      <SwitchField label={WEBHOOK_TEXTS.active} field={fields.isActive} />
      <FormFooter form={form} submitting={submitting} cancelTo={WEBHOOKS_PATH}>
        {webhook ? WEBHOOK_TEXTS.updateSubmit : WEBHOOK_TEXTS.createSubmit}
      </FormFooter>
    </Form>
  );
}
