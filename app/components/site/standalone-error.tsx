import { ErrorText } from "~/components/ui/error-text";
import { ONWARD } from "~/copy/site";

/**
 * An error page with no site around it: the root's error boundary and the server's render
 * time-out, which has no router (so a plain link home).
 */
export function StandaloneError({ status, title, detail }: { status: number; title: string; detail: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center">
      <ErrorText status={status} title={title} detail={detail} />
      <a href="/" className="mt-8 rounded-md bg-brand px-5 py-2.5 font-medium text-white hover:opacity-90">
        {ONWARD.home}
      </a>
    </main>
  );
}
