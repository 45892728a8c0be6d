import {
  Bell,
  Bot,
  Briefcase,
  Database,
  Mail,
  Share2,
  ShoppingCart,
  Workflow,
  Wrench,
  type LucideIcon,
} from "lucide-react";

// The spec's icon per category, and a default for any other.
const ICONS: Record<string, LucideIcon> = {
  "ai-automation": Bot,
  "business-automation": Briefcase,
  ecommerce: ShoppingCart,
  "social-media": Share2,
  "email-marketing": Mail,
  "custom-solutions": Wrench,
  "data-management": Database,
  notifications: Bell,
};

export function categoryIcon(category: string): LucideIcon {
  return ICONS[category] ?? Workflow;
}

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const Icon = categoryIcon(category);
  return <Icon aria-hidden className={className} data-category-icon={category} />;
}
