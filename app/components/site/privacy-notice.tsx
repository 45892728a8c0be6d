import { Link } from "react-router";

import { cn } from "~/components/ui/cn";
import { LEGAL } from "~/copy/site";

/** Beside the forms that store what a visitor writes: where the privacy policy says how long. */
export function PrivacyNotice({ className }: { className?: string }) {
  return (
    <p className={cn("text-xs text-slate-500", className)}>
      {LEGAL.notice}{" "}
      <Link to="/privacy" className="font-medium text-slate-700 underline hover:text-slate-900">
        {LEGAL.noticeLink}
      </Link>
    </p>
  );
}
