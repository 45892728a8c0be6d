import { useFormAction, useNavigation } from "react-router";

/**
 * True while this route's form (optionally the submit button with this intent) is being
 * submitted: submit buttons are disabled meanwhile so a save is not sent twice.
 */
export function useIsSubmitting({ intent, formAction }: { intent?: string; formAction?: string } = {}): boolean {
  const navigation = useNavigation();
  const action = useFormAction(formAction);
  if (navigation.state !== "submitting") return false;
  if (navigation.formAction !== action) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
