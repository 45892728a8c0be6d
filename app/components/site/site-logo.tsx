import { Link } from "react-router";

import { cn } from "~/components/ui/cn";
import { Icon } from "~/components/ui/icon";

import { ResponsiveImage } from "./responsive-image";

/** Logo (or a brand-coloured mark) and company name, linking home. */
export function SiteLogo({
  companyName,
  logoUrl,
  onNavigate,
  inverted = false,
}: {
  companyName: string;
  logoUrl: string | null;
  onNavigate?: () => void;
  inverted?: boolean;
}) {
  return (
    <Link to="/" onClick={onNavigate} className="flex min-w-0 items-center gap-2.5">
      {logoUrl ? (
        <ResponsiveImage
          src={logoUrl}
          alt=""
          sizes="36px"
          priority
          className="size-9 shrink-0 rounded-lg object-contain"
        />
      ) : (
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-brand to-brand-2 text-white">
          <Icon name="workflow" className="size-5" />
        </span>
      )}
      <span className={cn("truncate text-lg font-bold tracking-tight", inverted ? "text-white" : "text-slate-900")}>
        {companyName}
      </span>
    </Link>
  );
}
