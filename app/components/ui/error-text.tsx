/** The status, heading and sentence of an error page; each error boundary adds its frame and way out. */
export function ErrorText({
  status,
  title,
  detail,
  headingClassName = "mt-2 text-3xl font-bold",
}: {
  status: number;
  title: string;
  detail: string;
  headingClassName?: string;
}) {
  return (
    <>
      <title>{title}</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">{status}</p>
      <h1 className={headingClassName}>{title}</h1>
      <p className="mt-3 text-slate-600">{detail}</p>
    </>
  );
}
