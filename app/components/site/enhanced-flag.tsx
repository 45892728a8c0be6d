import { ENHANCED_FIELD } from "~/lib/enhanced-submission";
import { useHydrated } from "~/lib/hydrated";

export function EnhancedFlag() {
  return useHydrated() ? <input type="hidden" name={ENHANCED_FIELD} value="true" /> : null;
}
