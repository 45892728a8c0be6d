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

/**
 * An error page's text and one way out (`home`), a whole new page load so that whatever went wrong
 * stays behind; a plain link, so it also serves where there is no router (the server's time-out page).
 */
export function ErrorPanel({
  as: Tag = "main",
  className = "min-h-dvh justify-center px-6",
  home,
  ...text
}: Parameters<typeof ErrorText>[0] & {
  as?: "main" | "section";
  className?: string;
  home: { href: string; label: string };
}) {
  return (
    <Tag className={`mx-auto flex max-w-xl flex-col items-center text-center ${className}`}>
      <ErrorText {...text} />
      <a href={home.href} className="mt-8 rounded-md bg-brand px-5 py-2.5 font-medium text-white hover:opacity-90">
        {home.label}
      </a>
    </Tag>
  );
}
