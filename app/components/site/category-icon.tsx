import { Icon, type IconName } from "~/components/ui/icon";

// The spec's icon per category, and a default for any other.
const ICONS: Record<string, IconName> = {
  "ai-automation": "bot",
  "business-automation": "briefcase",
  ecommerce: "shopping-cart",
  "social-media": "share-2",
  "email-marketing": "mail",
  "custom-solutions": "wrench",
  "data-management": "database",
  notifications: "bell",
};

export function categoryIcon(category: string): IconName {
  return ICONS[category] ?? "workflow";
}

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  return <Icon name={categoryIcon(category)} className={className} data-category-icon={category} />;
}
