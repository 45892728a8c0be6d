import { INSIGHTS_TEXTS } from "~/copy/insights";
import type { FunnelStep } from "~/lib/insights";

/** The funnel as a table whose count cells carry a bar: readable as a table, seen as a funnel. */
export function Funnel({ steps }: { steps: FunnelStep[] }) {
  const texts = INSIGHTS_TEXTS.funnel;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{texts.heading}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-500">
          <th scope="col" className="py-1.5 pr-3 font-medium">
            {texts.step}
          </th>
          <th scope="col" className="w-1/2 py-1.5 pr-3 font-medium">
            {texts.count}
          </th>
          <th scope="col" className="whitespace-nowrap py-1.5 text-right font-medium">
            {texts.rate}
          </th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step) => (
          <tr key={step.step} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="whitespace-nowrap py-2 pr-3 font-normal text-slate-800">
              {texts.steps[step.step]}
            </th>
            <td className="py-2 pr-3">
              <div className="flex items-center gap-2">
                <div aria-hidden className="min-w-6 flex-1">
                  <div
                    className="h-3 rounded-sm bg-brand"
                    style={{ width: `${Math.max(step.ofFirst * 100, step.value > 0 ? 2 : 0)}%` }}
                  />
                </div>
                <span className="whitespace-nowrap tabular-nums">{step.value.toLocaleString("en-US")}</span>
              </div>
            </td>
            <td className="whitespace-nowrap py-2 text-right tabular-nums">
              {step.rate === null ? INSIGHTS_TEXTS.noRate : `${step.rate}%`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
