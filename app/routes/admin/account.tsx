import { readForm } from "~/lib/read-form.server";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { z } from "zod";
import { InputField, useSchemaForm } from "~/components/admin/form-fields";
import { Card, PageHeader } from "~/components/admin/page-header";
import { useIsSubmitting } from "~/components/admin/pending";
import { ACCOUNT_LINK_LABEL } from "~/components/admin/sidebar";
import { TOASTS } from "~/copy/admin";
import { Button } from "~/components/ui/button";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordAudit } from "~/models/audit-log.server";
import { changeOwnPassword } from "~/services/auth.server";
import { PasswordSchema } from "~/lib/password";
import { clientIp } from "~/lib/request-context.server";
import { redirectWithSuccess, dataWithError } from "~/services/toast.server";
import type { Route } from "./+types/account";

const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Current password is required" }),
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: "Repeat the new password" }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export function loader({ context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  return { username: admin.username, role: admin.role };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const submission = parseWithZod(await readForm(request), { schema: ChangePasswordSchema });
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  const result = await changeOwnPassword(request, admin, { ...submission.value, ip: clientIp(context) });
  if (result.status === "changed") {
    await recordAudit({ actor: admin, action: "admin.password_changed", target: admin.username });
    return redirectWithSuccess("/admin/account", TOASTS.passwordChanged, { headers: { "Set-Cookie": result.cookie } });
  }
  const message =
    result.status === "limited" ? "Too many attempts. Please try again later." : "The current password is not correct.";
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
  const [form, fields] = useSchemaForm(ChangePasswordSchema, { id: "change-password", lastResult: actionData?.result });
  return (
    <>
      <PageHeader
        title={ACCOUNT_LINK_LABEL}
        description={`Signed in as ${loaderData.username} (${loaderData.role.replace("_", " ")}). Changing your password signs out your other sessions.`}
      />
      <Card className="max-w-lg">
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <InputField
            label="Current password"
            field={fields.currentPassword}
            type="password"
            autoComplete="current-password"
          />
          <InputField
            label="New password"
            hint="At least 10 characters."
            field={fields.newPassword}
            type="password"
            autoComplete="new-password"
          />
          <InputField
            label="Repeat new password"
            field={fields.confirmPassword}
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" disabled={submitting}>
            Change password
          </Button>
        </Form>
      </Card>
    </>
  );
}

export function meta() {
  return [{ title: `${ACCOUNT_LINK_LABEL} | Admin Panel` }];
}
