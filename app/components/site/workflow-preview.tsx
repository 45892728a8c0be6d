import { Icon, type IconName } from "~/components/ui/icon";
import { WORKFLOW_PREVIEW } from "~/copy/site";

const STEP_ICONS: IconName[] = ["webhook", "bot", "database", "bell"];
const STEPS = WORKFLOW_PREVIEW.steps.map((step, index) => ({ ...step, icon: STEP_ICONS[index] }));

/** Decoration for the hero on wide screens: what a running workflow looks like. */
export function WorkflowPreview({ workflowToolName }: { workflowToolName: string }) {
  return (
    <div aria-hidden className="hidden lg:block">
      <div className="rounded-2xl bg-white/10 p-6 shadow-2xl ring-1 ring-white/20 backdrop-blur">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-white">{WORKFLOW_PREVIEW.title(workflowToolName)}</span>
          <span className="flex items-center gap-1.5 text-emerald-300">
            <span className="size-2 animate-pulse rounded-full bg-emerald-400 motion-reduce:animate-none" />
            {WORKFLOW_PREVIEW.active}
          </span>
        </div>
        <ol className="mt-5">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              {index > 0 ? <div className="ml-8 h-4 w-px bg-white/30" /> : null}
              <div className="flex items-center gap-3 rounded-xl bg-slate-950/70 p-3 ring-1 ring-white/10">
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-brand to-brand-2 text-white">
                  <Icon name={step.icon} className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-white">{step.title}</span>
                  <span className="block text-sm text-slate-300">{step.detail}</span>
                </span>
                <Icon name="circle-check" className="size-5 shrink-0 text-emerald-400" />
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-5 border-t border-white/15 pt-4 text-sm text-slate-300">{WORKFLOW_PREVIEW.footnote}</p>
      </div>
    </div>
  );
}
