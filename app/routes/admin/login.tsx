import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useSearchParams } from "react-router";
import { z } from "zod";

import { InputField, PasswordField, useSchemaForm } from "~/components/admin/form-fields";
import { useIsSubmitting } from "~/components/admin/pending";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { LOGIN_TEXTS, SIDEBAR_TEXTS, TOASTS } from "~/copy/admin";
import { log } from "~/lib/log.server";
import { readForm } from "~/lib/read-form.server";
import { clientIp } from "~/lib/request-context.server";
import { retryAfterHeaders } from "~/lib/retry-after";
import { redirectIfSignedIn, safeRedirectTo, signIn } from "~/services/auth.server";
import { dataWithError, redirectWithSuccess } from "~/services/toast.server";

import type { Route } from "./+types/login";

const LoginSchema = z.object({
  username: z.string({ error: LOGIN_TEXTS.usernameRequired }).trim().min(1, LOGIN_TEXTS.usernameRequired),
  // No maximum here: a password longer than any that can be set (MAX_PASSWORD_LENGTH) is answered
  // like a wrong one, without hashing it (verifyPassword), rather than with a field error.
  password: z.string({ error: LOGIN_TEXTS.passwordRequired }).min(1, LOGIN_TEXTS.passwordRequired),
  redirectTo: z.string().optional(),
});

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await redirectIfSignedIn(request);
  // Read once, here: signIn gets the checked fields, not the request's body to read again.
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  try {
    const result = await signIn(request, { username, password, ip: clientIp(context) });
    if (result.status === "signed-in") {
      log.info("admin signed in", { adminId: result.admin.id });
      return redirectWithSuccess(safeRedirectTo(redirectTo), TOASTS.loginSuccess, {
        headers: { "Set-Cookie": result.cookie },
      });
    }
    if (result.status === "limited") {
      const toast = TOASTS.loginLimited(Math.ceil(result.retryAfterSeconds / 60));
      log.warn("sign-in limited", { username, ip: clientIp(context) });
      return dataWithError(
        context,
        { result: submission.reply({ formErrors: [toast.description!], hideFields: ["password"] }) },
        titleOnly(toast),
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    return dataWithError(
      context,
      { result: submission.reply({ formErrors: [TOASTS.loginFailed.description], hideFields: ["password"] }) },
      titleOnly(TOASTS.loginFailed),
      { status: 401 },
    );
  } catch (error) {
    log.error("sign-in failed", { error });
    return dataWithError(
      context,
      { result: submission.reply({ formErrors: [TOASTS.loginError.description], hideFields: ["password"] }) },
      titleOnly(TOASTS.loginError),
      { status: 500 },
    );
  }
}

/** The form shows a refusal's description above its button: the toast gives the title alone, so each is said once. */
function titleOnly(toast: { message: string }) {
  return { message: toast.message };
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const submitting = useIsSubmitting();
  const [form, fields] = useSchemaForm(LoginSchema, {
    id: "login",
    lastResult: actionData?.result,
  });
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand/10 text-brand">
            <Icon name="lock-keyhole" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">{LOGIN_TEXTS.title}</h1>
        </div>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <InputField label={LOGIN_TEXTS.username} field={fields.username} autoComplete="username" autoFocus />
          <PasswordField label={LOGIN_TEXTS.password} field={fields.password} autoComplete="current-password" />
          <div aria-live="polite">
            <ErrorList id={form.errorId} errors={form.errors} />
          </div>
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? LOGIN_TEXTS.submitting : LOGIN_TEXTS.submit}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-slate-600 underline-offset-4 hover:text-brand hover:underline">
            {SIDEBAR_TEXTS.backToWebsite}
          </a>
        </p>
      </div>
    </main>
  );
}

export function meta() {
  return [{ title: LOGIN_TEXTS.title }, { name: "robots", content: "noindex" }];
}

export const headers = retryAfterHeaders;
