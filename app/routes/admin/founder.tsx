import { readForm } from "~/lib/read-form.server";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useEffectEvent } from "react";
import { data, Form } from "react-router";
import { z } from "zod";
import { InputField, SectionsForm, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { FormSection } from "~/components/admin/form-section";
import { PageHeader } from "~/components/admin/page-header";
import { useIsSubmitting } from "~/components/admin/pending";
import { TOASTS } from "~/copy/admin";
import { Button } from "~/components/ui/button";
import { redirectWithError, redirectWithSuccess, dataWithError } from "~/services/toast.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordUpdate } from "~/models/audit-log.server";
import { addFounderSkill, getFounderInfo, removeFounderSkill, saveFounderInfo } from "~/models/founder-info.server";
import { count, httpUrl, required } from "./+shared/form-schemas";
import { errorDescription, readIntent } from "./+shared/route-helpers.server";
import { failure, saveForm } from "./+shared/save-form.server";
import type { Route } from "./+types/founder";
import { Icon } from "~/components/ui/icon";

const FounderSchema = z.object({
  name: required("Name", 120),
  bio: required("Bio", 3000),
  profileImageUrl: httpUrl("Profile image URL").optional(),
  experienceYears: count("Years of experience"),
  projectsCompleted: count("Projects completed"),
  clientsServed: count("Clients served"),
  socialLinks: z
    .object({
      linkedin: httpUrl("LinkedIn").optional(),
      twitter: httpUrl("Twitter").optional(),
      github: httpUrl("GitHub").optional(),
    })
    .default({}),
});

const MAX_SKILLS = 50;

// The spec: a skill is added only if it is non-empty after trimming.
const SkillSchema = z.object({
  skill: z
    .string({ error: "Enter a skill" })
    .trim()
    .min(1, "Enter a skill")
    .max(60, "A skill must be at most 60 characters"),
});

const FOUNDER_PATH = "/admin/founder";

export async function loader() {
  return { founder: await getFounderInfo() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = readIntent(formData, ["save", "add-skill", "remove-skill"]);

  if (intent === "save") {
    return saveForm(context, formData, {
      schema: FounderSchema,
      extra: { intent },
      async save(value) {
        const before = await getFounderInfo();
        const after = { ...value, profileImageUrl: value.profileImageUrl ?? null };
        await saveFounderInfo(after);
        await recordUpdate({ actor: getAdmin(context), action: "founder.updated" }, before, after);
        return { redirectTo: FOUNDER_PATH, toast: TOASTS.founderUpdated };
      },
      failed: (error) => failure(error, TOASTS.founderUpdateError),
    });
  }

  const submission = parseWithZod(formData, { schema: SkillSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { skill } = submission.value;
  try {
    if (intent === "add-skill" && ((await getFounderInfo())?.skills.length ?? 0) >= MAX_SKILLS) {
      return dataWithError(
        context,
        { intent, result: submission.reply({ fieldErrors: { skill: [`At most ${MAX_SKILLS} skills`] } }) },
        { message: TOASTS.founderUpdateError, description: `At most ${MAX_SKILLS} skills can be listed.` },
        { status: 400 },
      );
    }
    const saved = intent === "add-skill" ? await addFounderSkill(skill) : await removeFounderSkill(skill);
    if (!saved) {
      return redirectWithError(FOUNDER_PATH, {
        message: TOASTS.founderUpdateError,
        description: "Save the founder's name and bio first, then add skills.",
      });
    }
  } catch (error) {
    return redirectWithError(FOUNDER_PATH, {
      message: TOASTS.founderUpdateError,
      description: errorDescription(error),
    });
  }
  return redirectWithSuccess(FOUNDER_PATH, TOASTS.founderUpdated);
}

export default function Founder({ loaderData, actionData }: Route.ComponentProps) {
  const { founder } = loaderData;
  const [form, fields] = useSchemaForm(FounderSchema, {
    id: "founder",
    lastResult: actionData?.intent === "save" ? actionData.result : undefined,
    defaultValue: founder
      ? { ...founder, profileImageUrl: founder.profileImageUrl ?? "" }
      : { experienceYears: 0, projectsCompleted: 0, clientsServed: 0 },
  });
  const social = fields.socialLinks.getFieldset();
  return (
    <>
      <PageHeader title="Founder Information" description="The founder section of the home page." />
      <div className="space-y-6">
        <SectionsForm form={form} submitLabel="Save Founder Info" intent="save">
          <FormSection title="Profile">
            <InputField label="Name" field={fields.name} type="text" />
            <InputField label="Profile image URL" field={fields.profileImageUrl} type="url" placeholder="https://" />
            <TextField className="sm:col-span-2" label="Bio" field={fields.bio} rows={5} />
          </FormSection>
          <FormSection title="Stats" description="Shown with a plus sign, e.g. 5+.">
            <InputField label="Years of experience" field={fields.experienceYears} type="number" min={0} step={1} />
            <InputField label="Projects completed" field={fields.projectsCompleted} type="number" min={0} step={1} />
            <InputField label="Clients served" field={fields.clientsServed} type="number" min={0} step={1} />
          </FormSection>
          <FormSection title="Social links" description="Each is shown only when set.">
            <InputField label="LinkedIn" field={social.linkedin} type="url" placeholder="https://linkedin.com/in/..." />
            <InputField label="Twitter" field={social.twitter} type="url" placeholder="https://twitter.com/..." />
            <InputField label="GitHub" field={social.github} type="url" placeholder="https://github.com/..." />
          </FormSection>
        </SectionsForm>
        <Skills
          skills={founder?.skills ?? null}
          lastResult={actionData?.intent === "add-skill" ? actionData.result : undefined}
        />
      </div>
    </>
  );
}

/** Skills are saved one by one, each change at once (the spec), in forms of their own. */
function Skills({
  skills,
  lastResult,
}: {
  skills: string[] | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const adding = useIsSubmitting({ intent: "add-skill" });
  const [form, fields] = useForm({
    id: "add-skill",
    lastResult,
    constraint: getZodConstraint(SkillSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SkillSchema }),
  });
  const skillList = skills?.join("\u0000");
  // The list changed (a skill was saved): empty the box, keeping the cursor there for the next one.
  // Only a change of the list resets it, not a new `form` object from a render in between.
  const resetBox = useEffectEvent(() => form.reset());
  useEffect(() => resetBox(), [skillList]);
  return (
    <section aria-labelledby="skills-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="skills-title" className="text-base font-semibold text-slate-900">
        Skills
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Press Enter or the plus button to add a skill; each change is saved at once.
      </p>
      {skills === null ? (
        <p className="mt-4 text-sm text-slate-600">Save the founder's name and bio first, then add skills.</p>
      ) : (
        <>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Skills">
            {skills.length === 0 ? <li className="text-sm text-slate-500">No skills yet.</li> : null}
            {skills.map((skill) => (
              <li
                key={skill}
                className="inline-flex items-center gap-1 rounded-full bg-brand/10 py-1 pl-3 pr-1 text-sm text-brand"
              >
                {skill}
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="skill" value={skill} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove-skill"
                    aria-label={`Remove skill ${skill}`}
                    className="flex size-6 items-center justify-center rounded-full hover:bg-brand/20"
                  >
                    <Icon name="x" className="size-3.5" />
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" preventScrollReset className="mt-4 flex items-start gap-2" {...getFormProps(form)}>
            <InputField
              className="flex-1"
              label={<span className="sr-only">New skill</span>}
              field={fields.skill}
              type="text"
              placeholder="Add a skill, e.g. n8n"
            />
            <Button
              type="submit"
              name="intent"
              value="add-skill"
              size="icon"
              aria-label="Add skill"
              disabled={adding}
              className="mt-0.5"
            >
              <Icon name="plus" className="size-4" />
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}

export function meta() {
  return [{ title: "Founder Information | Admin Panel" }];
}
