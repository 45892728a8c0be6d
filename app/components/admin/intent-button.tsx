import type { ComponentProps } from "react";
import { Form } from "react-router";

import { Button } from "~/components/ui/button";

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
