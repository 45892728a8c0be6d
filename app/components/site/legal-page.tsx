import { LEGAL } from "~/copy/site";

/** A privacy or terms page: `html` is server-rendered markdown with HTML escaped (app/lib/markdown.server.ts). */
export function LegalPage({ title, html, ipStatement }: { title: string; html: string; ipStatement: string | null }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      <div
        className="mt-8 space-y-4 leading-relaxed text-slate-700 [&_a]:text-indigo-700 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {ipStatement ? (
        <section aria-labelledby="legal-ip-heading" className="mt-10 rounded-xl bg-slate-50 p-6">
          <h2 id="legal-ip-heading" className="text-lg font-semibold text-slate-900">
            {LEGAL.ipHeading}
          </h2>
          <p className="mt-2 text-slate-700">{ipStatement}</p>
        </section>
      ) : null}
    </article>
  );
}
