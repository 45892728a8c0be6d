import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { z } from "zod";
import { useIsSubmitting } from "~/components/admin/pending";
import { SwitchField } from "~/components/admin/switch-field";
import { WEBHOOK_TEXTS } from "~/copy/admin";
import { Button, ButtonLink } from "~/components/ui/button";
import { ErrorList, Field, SelectField, TextareaField } from "~/components/ui/field";
import { type Webhook } from "~/db/schema";
import { WEBHOOK_METHODS } from "~/lib/domain";
import { checkbox, httpUrl, optionalText, required } from "~/routes/admin/+shared/form-schemas";

export const WEBHOOKS_PATH = "/admin/webhooks";

// Headers arrive as JSON text; whether it parses is checked on the server, which answers with the
// spec's "Invalid JSON in headers" toast (see parseHeaders).
export const WebhookEditorSchema = z.object({
  name: required("Name", 100),
  url: httpUrl("URL"),
  method: z.enum(WEBHOOK_METHODS, { error: "HTTP method must be POST, PUT or PATCH" }),
  headers: optionalText("Headers", 10_000),
  isActive: checkbox(),
});

export const WEBHOOK_EDITOR_INVALID_HEADERS =
  'Headers must be a JSON object of header names to values, like {"Authorization": "Bearer your-token"}';

// RFC 9110 token characters for a header name; a value may not contain line breaks.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The headers textarea as an object of header names to text values, or null when it is not that. */
export function parseHeaders(text: string | undefined): Record<string, string> | null {
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
    headers[name] = text;
  }
  return headers;
}

export function WebhookEditor({
  webhook,
  lastResult,
}: {
  webhook?: Pick<Webhook, "name" | "url" | "method" | "headers" | "isActive">;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const submitting = useIsSubmitting();
  const [form, fields] = useForm({
    id: "webhook-editor",
    lastResult,
    constraint: getZodConstraint(WebhookEditorSchema),
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WebhookEditorSchema }),
    // The spec's defaults: POST, active on.
    defaultValue: webhook
      ? {
          ...webhook,
          headers: Object.keys(webhook.headers).length > 0 ? JSON.stringify(webhook.headers, null, 2) : "",
        }
      : { method: "POST", isActive: true },
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Field label="Name" errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
      <Field
        label="URL"
        errors={fields.url.errors}
        inputProps={{
          ...getInputProps(fields.url, { type: "url" }),
          placeholder: "https://your-n8n.example/webhook/chat",
        }}
      />
      <SelectField label="HTTP Method" errors={fields.method.errors} selectProps={getSelectProps(fields.method)}>
        {WEBHOOK_METHODS.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Headers (JSON, optional)"
        hint='For example {"Authorization": "Bearer your-token"}'
        errors={fields.headers.errors}
        textareaProps={{
          ...getTextareaProps(fields.headers),
          rows: 4,
          spellCheck: false,
          className: "font-mono text-xs",
        }}
      />
      <SwitchField
        label="Active"
        errors={fields.isActive.errors}
        inputProps={getInputProps(fields.isActive, { type: "checkbox" })}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex justify-end gap-2 pt-2">
        <ButtonLink to={WEBHOOKS_PATH} variant="secondary" preventScrollReset>
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={submitting}>
          {webhook ? WEBHOOK_TEXTS.updateSubmit : WEBHOOK_TEXTS.createSubmit}
        </Button>
      </div>
    </Form>
  );
}
