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
  type LucideProps,
} from "lucide-react";
import { createElement } from "react";

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
  // One of the module's fixed icons, picked by value: not a component made during render.
  const props: LucideProps & { "data-category-icon": string } = {
    "aria-hidden": true,
    className,
    "data-category-icon": category,
  };
  return createElement(categoryIcon(category), props);
}
