import { useRouteLoaderData } from "react-router";
import { formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { listFeaturedServices } from "~/models/services.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

export async function loader() {
  return { services: await listFeaturedServices() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = useRouteLoaderData<typeof rootLoader>("root")?.settings;
  return (
    <main className="mx-auto max-w-5xl px-4 py-16">
      <p className="font-semibold text-brand">{settings?.companyName}</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">{settings?.homepageHeadline}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-600">{settings?.homepageSubtext}</p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.services.map((service) => (
          <li key={service.id} className="rounded-lg border border-slate-200 p-5">
            <h2 className="font-semibold">{service.name}</h2>
            <p className="mt-2 text-sm text-slate-600">{service.description}</p>
            <p className="mt-3 font-semibold">
              {formatPrice(service.setupPrice)}
              {hasMonthlyPrice(service.monthlyPrice) ? ` + ${formatPrice(service.monthlyPrice)}/mo` : null}
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const settings = matches[0]?.loaderData?.settings;
  return [{ title: settings ? `${settings.companyName}: ${settings.homepageHeadline}` : "Home" }];
}
