import type { ComponentProps } from "react";
import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";

/**
 * A form of one button (Test, Redeliver, Hand back…): posts `intent` and the hidden `fields` to
 * `action`, this route's own when left out, and keeps the page where it was scrolled.
 */
export function IntentButton({
  intent,
  fields,
  action,
  formClassName,
  ...button
}: {
  intent: string;
  fields: Record<string, string>;
  action?: string;
  formClassName?: string;
} & Omit<ComponentProps<typeof Button>, "type" | "name" | "value">) {
  return (
    <Form method="post" action={action} preventScrollReset className={formClassName}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="intent" value={intent} {...button} />
    </Form>
  );
}

/** A list row's labelled button: its icon and label, and the row's name for a screen reader. */
export function RowIntentButton({
  icon,
  label,
  row,
  ...props
}: { icon: IconName; label: string; row: string } & Omit<
  ComponentProps<typeof IntentButton>,
  "children" | "variant" | "size"
>) {
  return (
    <IntentButton variant="secondary" size="sm" {...props}>
      <Icon name={icon} className="size-4" />
      {label}
      <span className="sr-only"> {row}</span>
    </IntentButton>
  );
}
