import { data } from "react-router";
import { ORDER, ORDER_STATUS } from "~/copy/site";
import { publicPageMeta } from "~/components/site/page-meta";
import { OnwardLinks } from "~/components/site/onward-links";
import type { Route } from "./+types/order-submitted";
import { Icon } from "~/components/ui/icon";
import { ButtonLink } from "~/components/ui/button";
import { takeOrderReceipt } from "~/services/order-receipt.server";

// The order just placed, from the redirect's cookie: its status page's link, once. Without the
// cookie (a reload, another visitor) the page is the same for everyone, and the page cache keeps it.
export async function loader({ request }: Route.LoaderArgs) {
  const receipt = await takeOrderReceipt(request);
  if (!receipt) return { statusPath: null };
  return data({ statusPath: `/order/status/${receipt.statusToken}` }, { headers: receipt.headers });
}

// Where a successful order lands without JavaScript (with it, the order page sends the visitor home).
export default function OrderSubmitted({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-6 py-20 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-emerald-50 text-emerald-600">
        <Icon name="circle-check" className="size-9" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{ORDER.success.message}</h1>
      <p className="mt-3 text-lg text-slate-600">{ORDER.success.description}</p>
      {loaderData.statusPath ? (
        <ButtonLink to={loaderData.statusPath} variant="secondary" className="mt-6">
          {ORDER_STATUS.link}
        </ButtonLink>
      ) : null}
      <OnwardLinks />
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return publicPageMeta(matches, () => ({
    title: ORDER.success.message,
    description: ORDER.success.description,
    path: "/order/submitted",
    noIndex: true,
  }));
}
