import { ORDER } from "~/copy/site";
import { publicPageMeta } from "~/components/site/page-meta";
import { OnwardLinks } from "~/components/site/onward-links";
import type { Route } from "./+types/order-submitted";
import { Icon } from "~/components/ui/icon";

// Where a successful order lands without JavaScript (with it, the order page sends the visitor home).
export default function OrderSubmitted() {
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-6 py-20 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-emerald-50 text-emerald-600">
        <Icon name="circle-check" className="size-9" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{ORDER.success.message}</h1>
      <p className="mt-3 text-lg text-slate-600">{ORDER.success.description}</p>
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
