/** One staff action beside a record (an order's payment steps, its timeline's forms): a titled, hinted box. */
export function ActionBox({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 p-3">
      <h4 id={id} className="text-sm font-semibold text-slate-800">
        {title}
      </h4>
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
      <div className="mt-2">{children}</div>
    </section>
  );
}
