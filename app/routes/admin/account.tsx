import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { z } from "zod";

import { DisplayNameField } from "~/components/admin/display-name-field";
import { PasswordField, useSchemaForm } from "~/components/admin/form-fields";
import { Card, PageHeader } from "~/components/admin/page-header";
import { useIsSubmitting } from "~/components/admin/pending";
import { Button } from "~/components/ui/button";
import { ACCOUNT_TEXTS, adminTitle, SIDEBAR_TEXTS, TOASTS } from "~/copy/admin";
import { DISPLAY_NAME_TEXT } from "~/copy/handoff";
import { displayNameField } from "~/lib/handoff-schema";
import { PasswordSchema } from "~/lib/password";
import { readForm } from "~/lib/read-form.server";
import { clientIp } from "~/lib/request-context.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { setAdminDisplayName } from "~/models/admin-users.server";
import { recordAudit, recordUpdate } from "~/models/audit-log.server";
import { changeOwnPassword } from "~/services/auth.server";
import { dataWithError, redirectWithSuccess } from "~/services/toast.server";

import type { Route } from "./+types/account";

const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: ACCOUNT_TEXTS.currentRequired }),
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: ACCOUNT_TEXTS.repeatRequired }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: ACCOUNT_TEXTS.mismatch,
  });

const DisplayNameSchema = z.object({ displayName: displayNameField() });

export function loader({ context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  return { username: admin.username, role: admin.role, displayName: admin.displayName };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const formData = await readForm(request);
  // The display name's own form (docs/product.md §12.1); the password form sends no intent.
  if (formData.get("intent") === "display-name") {
    const submission = parseWithZod(formData, { schema: DisplayNameSchema });
    if (submission.status !== "success") {
      return data({ intent: "display-name" as const, result: submission.reply() }, { status: 400 });
    }
    await setAdminDisplayName(admin.id, submission.value.displayName);
    await recordUpdate({ actor: admin, action: "admin.updated", target: admin.username }, admin, submission.value);
    return redirectWithSuccess("/admin/account", DISPLAY_NAME_TEXT.saved);
  }
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  const result = await changeOwnPassword(request, admin, { ...submission.value, ip: clientIp(context) });
  if (result.status === "changed") {
    await recordAudit({ actor: admin, action: "admin.password_changed", target: admin.username });
    return redirectWithSuccess("/admin/account", TOASTS.passwordChanged, { headers: { "Set-Cookie": result.cookie } });
  }
  const message = result.status === "limited" ? ACCOUNT_TEXTS.limited : ACCOUNT_TEXTS.wrongPassword;
  return dataWithError(
    context,
    { result: submission.reply({ fieldErrors: { currentPassword: [message] }, hideFields }) },
    // The reason shows under the field: the toast gives the title alone, so it is said once.
    { message: TOASTS.passwordError },
    { status: result.status === "limited" ? 429 : 400 },
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useIsSubmitting();
  const displayNameResult = actionData && "intent" in actionData ? actionData.result : undefined;
  const passwordResult = actionData && !("intent" in actionData) ? actionData.result : undefined;
  const [form, fields] = useSchemaForm(ChangePasswordSchema, { id: "change-password", lastResult: passwordResult });
  const [nameForm, nameFields] = useSchemaForm(DisplayNameSchema, {
    id: "display-name",
    lastResult: displayNameResult,
    defaultValue: { displayName: loaderData.displayName ?? "" },
  });
  return (
    <>
      <PageHeader
        title={SIDEBAR_TEXTS.account}
        description={ACCOUNT_TEXTS.signedInAs(loaderData.username, loaderData.role)}
      />
      <Card className="max-w-lg">
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <PasswordField
            label={ACCOUNT_TEXTS.currentPassword}
            field={fields.currentPassword}
            autoComplete="current-password"
          />
          <PasswordField
            label={ACCOUNT_TEXTS.newPassword}
            hint={ACCOUNT_TEXTS.newPasswordHint}
            field={fields.newPassword}
            autoComplete="new-password"
          />
          <PasswordField
            label={ACCOUNT_TEXTS.repeatPassword}
            field={fields.confirmPassword}
            autoComplete="new-password"
          />
          <Button type="submit" disabled={submitting}>
            {ACCOUNT_TEXTS.submit}
          </Button>
        </Form>
      </Card>
      <Card className="mt-6 max-w-lg">
        <Form method="post" className="space-y-4" {...getFormProps(nameForm)}>
          <DisplayNameField field={nameFields.displayName} autoComplete="nickname" placeholder={loaderData.username} />
          <Button type="submit" name="intent" value="display-name" disabled={submitting}>
            {DISPLAY_NAME_TEXT.save}
          </Button>
        </Form>
      </Card>
    </>
  );
}

export function meta() {
  return [{ title: adminTitle(SIDEBAR_TEXTS.account) }];
}
