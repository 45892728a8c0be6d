import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { FOUNDER } from "~/copy/site";
import type { SocialLinks } from "~/db/schema";
import { withCompanyName } from "~/lib/company-name";
import type { PublicFounder } from "~/models/founder-info.server";

import { HomeSection } from "./home-section";
import { ResponsiveImage } from "./responsive-image";
import { useSiteSettings } from "./use-site-settings";

const SOCIAL_KEYS = Object.keys(FOUNDER.social) as Array<keyof SocialLinks>;

export function FounderSection({ founder }: { founder: PublicFounder | null }) {
  const { companyName } = useSiteSettings();
  if (!founder) return null;
  const socials = SOCIAL_KEYS.flatMap((key) => {
    const href = founder.socialLinks[key];
    return href ? [{ key, href, label: FOUNDER.social[key] }] : [];
  });
  const stats = [
    { value: founder.experienceYears, label: FOUNDER.stats.experienceYears },
    { value: founder.projectsCompleted, label: FOUNDER.stats.projectsCompleted },
    { value: founder.clientsServed, label: FOUNDER.stats.clientsServed },
  ];
  return (
    <HomeSection headingId="founder-heading" title={FOUNDER.heading} className="bg-slate-50">
      <div className="mt-12 grid items-start gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col items-center text-center">
          {founder.profileImageUrl ? (
            <ResponsiveImage
              src={founder.profileImageUrl}
              alt={founder.name}
              sizes="(min-width: 640px) 224px, 192px"
              className="size-48 rounded-full object-cover shadow-lg ring-4 ring-white sm:size-56"
            />
          ) : (
            <span
              aria-hidden
              className="grid size-48 place-items-center rounded-full bg-gradient-to-br from-brand to-brand-2 text-7xl font-bold text-white shadow-lg sm:size-56"
            >
              {founder.name.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <h3 className="mt-6 text-2xl font-bold text-slate-900">{founder.name}</h3>
          {socials.length ? (
            <ul className="mt-4 flex flex-wrap justify-center gap-2">
              {socials.map((social) => (
                <li key={social.key}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand hover:text-brand"
                  >
                    {social.label}
                    <Icon name="external-link" className="size-3.5" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div>
          <p className="whitespace-pre-line text-lg leading-relaxed text-slate-700">
            {withCompanyName(founder.bio, companyName)}
          </p>
          {founder.skills.length ? (
            <ul aria-label={FOUNDER.skills} className="mt-6 flex flex-wrap gap-2">
              {founder.skills.map((skill) => (
                <li key={skill}>
                  <Badge tone="brand" size="md">
                    {skill}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
          <dl className="mt-8 grid grid-cols-3 gap-3 sm:gap-4">
            {stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-2xl bg-white p-3 text-center shadow-sm ring-1 ring-slate-200 sm:p-5"
              >
                <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
                <dd className="text-2xl font-bold text-brand sm:text-3xl">{stat.value}+</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </HomeSection>
  );
}
