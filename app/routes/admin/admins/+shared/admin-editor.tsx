import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";

import { DisplayNameField } from "~/components/admin/display-name-field";
import { ChoiceField, FormFooter, InputField, PasswordField, useSchemaForm } from "~/components/admin/form-fields";
import { Options } from "~/components/admin/options";
import { useIsSubmitting } from "~/components/admin/pending";
import { SwitchField } from "~/components/admin/switch-field";
import { ADMIN_USERS_TEXTS } from "~/copy/admin";
import { ADMIN_ROLES, type AdminRole } from "~/lib/domain";
import { displayNameField } from "~/lib/handoff-schema";
import { PasswordSchema } from "~/lib/password";
import { checkbox, email } from "~/routes/admin/+shared/form-schemas";

export const ADMINS_PATH = "/admin/admins";

const EditAdminSchema = z.object({
  username: z
    .string({ error: ADMIN_USERS_TEXTS.usernameRequired })
    .trim()
    .min(1, ADMIN_USERS_TEXTS.usernameRequired)
    .max(50, ADMIN_USERS_TEXTS.usernameTooLong)
    .regex(/^[A-Za-z0-9._@-]+$/, ADMIN_USERS_TEXTS.usernameChars),
  email: email(ADMIN_USERS_TEXTS.email),
  role: z.enum(ADMIN_ROLES, { error: ADMIN_USERS_TEXTS.roleInvalid }),
  isActive: checkbox(),
  displayName: displayNameField(),
});

// The password is set on create only (the spec); admins change their own on their account page.
const CreateAdminSchema = EditAdminSchema.extend({ password: PasswordSchema });

export function adminEditorSchema(mode: "create" | "edit") {
  return mode === "create" ? CreateAdminSchema : EditAdminSchema;
}

/** "super_admin" → "SUPER ADMIN" (the spec's role badge). */
export function roleBadgeText(role: AdminRole): string {
  return ADMIN_USERS_TEXTS.roleBadges[role];
}

export function AdminEditor({
  admin,
  lastResult,
}: {
  admin?: { username: string; email: string; role: AdminRole; isActive: boolean; displayName: string | null };
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const mode = admin ? "edit" : "create";
  const schema = adminEditorSchema(mode);
  const submitting = useIsSubmitting();
  const [form, fields] = useSchemaForm(schema, {
    id: `admin-editor-${mode}`,
    lastResult,
    // The spec's defaults: role admin, active on.
    defaultValue: admin ? { ...admin, displayName: admin.displayName ?? "" } : { role: "admin", isActive: true },
  });
  // `fields` answers for any name: ask the mode, not the field, whether there is a password.
  const password =
    mode === "create" ? (fields as typeof fields & { password: (typeof fields)["username"] }).password : null;
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <InputField label={ADMIN_USERS_TEXTS.username} field={fields.username} autoComplete="off" />
      <InputField label={ADMIN_USERS_TEXTS.email} field={fields.email} type="email" autoComplete="off" />
      <DisplayNameField field={fields.displayName} autoComplete="off" />
      <ChoiceField label={ADMIN_USERS_TEXTS.role} field={fields.role}>
        <Options values={ADMIN_ROLES} label={(role) => ADMIN_USERS_TEXTS.roles[role]} />
      </ChoiceField>
      {password ? (
        <PasswordField
          label={ADMIN_USERS_TEXTS.password}
          hint={ADMIN_USERS_TEXTS.passwordHint}
          field={password}
          autoComplete="new-password"
        />
      ) : null}
      <SwitchField label={ADMIN_USERS_TEXTS.active} field={fields.isActive} />
      <FormFooter form={form} submitting={submitting} cancelTo={ADMINS_PATH}>
        {admin ? ADMIN_USERS_TEXTS.updateSubmit : ADMIN_USERS_TEXTS.createSubmit}
      </FormFooter>
    </Form>
  );
}
