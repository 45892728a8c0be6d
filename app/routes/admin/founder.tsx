import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useEffectEvent } from "react";
import { data, Form } from "react-router";
import { z } from "zod";

import { InputField, NumberField, SectionsForm, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { FormSection } from "~/components/admin/form-section";
import { ImageField } from "~/components/admin/image-field";
import { PageHeader } from "~/components/admin/page-header";
import { useIsSubmitting } from "~/components/admin/pending";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { adminTitle, FOUNDER_TEXTS, TOASTS } from "~/copy/admin";
import { IMAGE_FIELD_TEXTS } from "~/copy/images";
import { readForm } from "~/lib/read-form.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordUpdate } from "~/models/audit-log.server";
import { addFounderSkill, getFounderInfo, removeFounderSkill, saveFounderInfo } from "~/models/founder-info.server";
import { imageFieldValue } from "~/services/images.server";
import { dataWithError, redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import { count, httpUrl, imageFile, imageUrl, required } from "./+shared/form-schemas";
import { errorDescription, readIntent } from "./+shared/route-helpers.server";
import { failure, imageRefused, saveForm } from "./+shared/save-form.server";
import type { Route } from "./+types/founder";

const SOCIAL_NETWORKS = ["linkedin", "twitter", "github"] as const;

const FounderSchema = z.object({
  name: required(FOUNDER_TEXTS.name, 120),
  bio: required(FOUNDER_TEXTS.bio, 3000),
  profileImageUrl: imageUrl(FOUNDER_TEXTS.imageUrl),
  profileImageFile: imageFile(),
  experienceYears: count(FOUNDER_TEXTS.experienceYears),
  projectsCompleted: count(FOUNDER_TEXTS.projectsCompleted),
  clientsServed: count(FOUNDER_TEXTS.clientsServed),
  socialLinks: z
    .object({
      linkedin: httpUrl(FOUNDER_TEXTS.linkedin).optional(),
      twitter: httpUrl(FOUNDER_TEXTS.twitter).optional(),
      github: httpUrl(FOUNDER_TEXTS.github).optional(),
    })
    .default({}),
});

const MAX_SKILLS = 50;

// The spec: a skill is added only if it is non-empty after trimming.
const SkillSchema = z.object({
  skill: z
    .string({ error: FOUNDER_TEXTS.skillRequired })
    .trim()
    .min(1, FOUNDER_TEXTS.skillRequired)
    .max(60, FOUNDER_TEXTS.skillTooLong),
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
      async save({ profileImageFile, ...value }) {
        const photo = await imageFieldValue(profileImageFile, value.profileImageUrl);
        if ("error" in photo) return imageRefused(photo.error, TOASTS.founderUpdateError, "profileImageFile");
        const before = await getFounderInfo();
        const after = { ...value, profileImageUrl: photo.url };
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
        { intent, result: submission.reply({ fieldErrors: { skill: [FOUNDER_TEXTS.tooManySkills(MAX_SKILLS)] } }) },
        { message: TOASTS.founderUpdateError, description: FOUNDER_TEXTS.tooManySkillsToast(MAX_SKILLS) },
        { status: 400 },
      );
    }
    const saved = intent === "add-skill" ? await addFounderSkill(skill) : await removeFounderSkill(skill);
    if (!saved) {
      return redirectWithError(FOUNDER_PATH, {
        message: TOASTS.founderUpdateError,
        description: FOUNDER_TEXTS.noFounderYet,
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
      <PageHeader title={FOUNDER_TEXTS.heading} description={FOUNDER_TEXTS.description} />
      <div className="space-y-6">
        <SectionsForm form={form} submitLabel={FOUNDER_TEXTS.save} intent="save" encType="multipart/form-data">
          <FormSection title={FOUNDER_TEXTS.profile}>
            <InputField label={FOUNDER_TEXTS.name} field={fields.name} />
            <ImageField
              url={fields.profileImageUrl}
              file={fields.profileImageFile}
              urlLabel={FOUNDER_TEXTS.imageUrl}
              fileLabel={IMAGE_FIELD_TEXTS.founderPhoto}
            />
            <TextField className="sm:col-span-2" label={FOUNDER_TEXTS.bio} field={fields.bio} rows={5} />
          </FormSection>
          <FormSection title={FOUNDER_TEXTS.stats} description={FOUNDER_TEXTS.statsHint}>
            <NumberField label={FOUNDER_TEXTS.experienceYears} field={fields.experienceYears} />
            <NumberField label={FOUNDER_TEXTS.projectsCompleted} field={fields.projectsCompleted} />
            <NumberField label={FOUNDER_TEXTS.clientsServed} field={fields.clientsServed} />
          </FormSection>
          <FormSection title={FOUNDER_TEXTS.social} description={FOUNDER_TEXTS.socialHint}>
            {SOCIAL_NETWORKS.map((network) => (
              <InputField
                key={network}
                label={FOUNDER_TEXTS[network]}
                field={social[network]}
                type="url"
                placeholder={FOUNDER_TEXTS[`${network}Placeholder`]}
              />
            ))}
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
        {FOUNDER_TEXTS.skills}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{FOUNDER_TEXTS.skillsHint}</p>
      {skills === null ? (
        <p className="mt-4 text-sm text-slate-600">{FOUNDER_TEXTS.noFounderYet}</p>
      ) : (
        <>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={FOUNDER_TEXTS.skills}>
            {skills.length === 0 ? <li className="text-sm text-slate-500">{FOUNDER_TEXTS.noSkills}</li> : null}
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
                    aria-label={FOUNDER_TEXTS.removeSkill(skill)}
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
              label={<span className="sr-only">{FOUNDER_TEXTS.newSkill}</span>}
              field={fields.skill}
              placeholder={FOUNDER_TEXTS.skillPlaceholder}
            />
            <Button
              type="submit"
              name="intent"
              value="add-skill"
              size="icon"
              aria-label={FOUNDER_TEXTS.addSkill}
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
  return [{ title: adminTitle(FOUNDER_TEXTS.heading) }];
}
