import { Icon } from "./icon";

// A brand mark lucide does not ship: drawn in icons.svg next to the lucide icons.
export function WhatsAppIcon({ className }: { className?: string }) {
  return <Icon name="whatsapp" className={className} />;
}
