import { cn } from "~/components/ui/cn";

/** A section of the home page: the page's width, a centred heading with an optional line under it. */
export function HomeSection({
  id,
  headingId,
  title,
  intro,
  className,
  children,
}: {
  id?: string;
  headingId: string;
  title: string;
  intro?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={cn("py-20 sm:py-24", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
