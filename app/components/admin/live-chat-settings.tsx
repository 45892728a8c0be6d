import type { FieldMetadata } from "@conform-to/react";

import { HANDOFF_SETTINGS_TEXT as TEXTS } from "~/copy/handoff";
import type { LiveChatDay, LiveChatHours } from "~/lib/domain";
import { HAND_BACK_MINUTES } from "~/lib/handoff";

import { CheckField, InputField, NumberField } from "./form-fields";
import { FormSection } from "./form-section";

// Settings → Chat's live-chat part (docs/product.md §12.1), in the settings form.

type DayFields = FieldMetadata<Partial<LiveChatDay> | undefined>;

/** The form's seven days, Monday first: the saved hours, empty where a day has none. */
export function liveHoursInputs(hours: LiveChatHours | null): { opens: string; closes: string }[] {
  return Array.from({ length: 7 }, (_, index) => hours?.[index] ?? { opens: "", closes: "" });
}

export function LiveChatSettings({
  hours,
  presenceRequired,
  handBackMinutes,
  timeZone,
}: {
  hours: FieldMetadata<(Partial<LiveChatDay> | undefined)[] | undefined>;
  presenceRequired: FieldMetadata<boolean | undefined>;
  handBackMinutes: FieldMetadata<number | undefined>;
  timeZone: string;
}) {
  return (
    <FormSection title={TEXTS.legend} description={TEXTS.description}>
      {/* Tells the action this part was posted: empty hours and an unticked box then count. */}
      <input type="hidden" name="liveChat" value="1" />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-800">{TEXTS.hoursLegend}</legend>
        <p className="mt-1 text-xs text-slate-500">{TEXTS.hoursHint(timeZone)}</p>
        <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {hours.getFieldList().map((day, index) => (
            <DayHours key={day.key} day={day} name={TEXTS.weekdays[index]} />
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <CheckField label={TEXTS.presence} field={presenceRequired} />
      </div>
      <NumberField
        label={TEXTS.handBack}
        field={handBackMinutes}
        min={HAND_BACK_MINUTES.min}
        max={HAND_BACK_MINUTES.max}
        hint={TEXTS.handBackHint}
      />
    </FormSection>
  );
}

function DayHours({ day, name }: { day: DayFields; name: string }) {
  const { opens, closes } = day.getFieldset();
  return (
    <div className="flex items-end gap-2">
      <InputField className="flex-1" label={TEXTS.opens(name)} field={opens} type="time" />
      <InputField className="flex-1" label={TEXTS.closes(name)} field={closes} type="time" />
    </div>
  );
}
