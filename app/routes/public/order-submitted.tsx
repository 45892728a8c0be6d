import { data } from "react-router";

import { OnwardLinks } from "~/components/site/onward-links";
import { OrderStatusLink } from "~/components/site/order-status-link";
import { publicPageMeta } from "~/components/site/page-meta";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { ORDER, ORDER_NOT_SUBMITTED } from "~/copy/site";
import { takeOrderReceipt } from "~/services/order-receipt.server";

import type { Route } from "./+types/order-submitted";

// The order just placed, from the redirect's cookie: its status page's link, once. Without the
// cookie (a reload, another visitor) the page is the same for everyone, and the page cache keeps it.
export async function loader({ request }: Route.LoaderArgs) {
  const taken = await takeOrderReceipt(request);
  if (!taken) return { receipt: null };
  return data({ receipt: taken.receipt }, { headers: taken.headers });
}

// Where a successful order lands without JavaScript (with it, the order page shows the same link).
// The page says what the success toast would, so the order's redirect carries none.
export default function OrderSubmitted({ loaderData: { receipt } }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-6 py-20 text-center">
      {receipt ? (
        <>
          <span className="grid size-16 place-items-center rounded-full bg-emerald-50 text-emerald-600">
            <Icon name="circle-check" className="size-9" />
          </span>
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{ORDER.success.message}</h1>
          <p className="mt-3 text-lg text-slate-600">{ORDER.success.description}</p>
          <OrderStatusLink {...receipt} />
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{ORDER_NOT_SUBMITTED.title}</h1>
          <p className="mt-3 text-lg text-slate-600">{ORDER_NOT_SUBMITTED.detail}</p>
          <ButtonLink to="/order" variant="secondary" className="mt-6">
            {ORDER_NOT_SUBMITTED.order}
          </ButtonLink>
        </>
      )}
      <OnwardLinks />
    </section>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const text = loaderData?.receipt
    ? { title: ORDER.success.message, description: ORDER.success.description }
    : { title: ORDER_NOT_SUBMITTED.title, description: ORDER_NOT_SUBMITTED.detail };
  return publicPageMeta(matches, () => ({ ...text, path: "/order/submitted", noIndex: true }));
}
