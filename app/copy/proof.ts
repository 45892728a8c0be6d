// Case studies, testimonials and client logos: the admin screens and the public pages
// (docs/product.md, 14.1).

export const MAX_CASE_STUDY_RESULTS = 4;

export const CASE_STUDY_TEXTS = {
  heading: "Case Studies",
  description: "Projects you have delivered, with their figures: shown on the public Work page.",
  add: "Add Case Study",
  createTitle: "Add Case Study",
  editTitle: "Edit Case Study",
  listLabel: "Case studies",
  emptyTitle: "No case studies yet.",
  emptyDescription: "Add your first case study to show your work on the website.",
  published: "Published",
  draft: "Draft",
  featured: "Featured",
  position: (position: number) => `Order ${position}`,
  view: "View on site",
  deleteQuestion: (title: string) => `Delete "${title}"? Testimonials linked to it stay, without the link.`,
  gone: "This case study does not exist or was deleted.",
  title: "Title",
  slug: "Slug",
  slugHint: "The page's address, /work/slug. Leave it empty to make it from the title.",
  slugInvalid: "Slug may contain only lowercase letters, digits and single dashes, such as clinic-booking-bot",
  slugTaken: (slug: string) => `The slug "${slug}" is already used by another case study. Choose another one.`,
  clientName: "Client name",
  industry: "Industry",
  industryHint: "Such as Healthcare, E-commerce or Logistics: the Work page filters by it.",
  problem: "The problem",
  solution: "What we built",
  solutionHint: "Markdown: **bold**, lists, links. No HTML.",
  resultsLegend: "Results (up to four figures)",
  resultsHint: 'Each figure with its label, such as "32 h" and "saved per week". Leave a row empty to skip it.',
  resultValue: (n: number) => `Figure ${n}`,
  resultLabel: (n: number) => `Label ${n}`,
  resultValueName: "Figure",
  resultLabelName: "Label",
  resultIncomplete: "Give both the figure and its label, or leave both empty",
  tools: "Tools used",
  toolsHint: "Separated by commas, such as n8n, OpenAI, HubSpot.",
  coverImageUrl: "Cover image URL (optional)",
  coverImageUpload: "Upload a cover image",
  coverImageName: "Cover image URL",
  coverImageHint: "A wide picture, about 1200 × 630 pixels: also the preview when the page is shared.",
  urlPlaceholder: "https://",
  services: "Related services",
  servicesHint: "The case study is linked from these services' cards and from the order form.",
  noServices: "No services yet.",
  publishedField: "Published",
  featuredField: "Featured on the home page",
  createSubmit: "Create Case Study",
  updateSubmit: "Update Case Study",
} as const;

export const TESTIMONIAL_TEXTS = {
  heading: "Testimonials",
  description: "What clients say, shown on the home page and beside the service or case study they are about.",
  add: "Add Testimonial",
  createTitle: "Add Testimonial",
  editTitle: "Edit Testimonial",
  listLabel: "Testimonials",
  emptyTitle: "No testimonials yet.",
  emptyDescription: "Add a client's words to show them on the website.",
  published: "Published",
  hidden: "Hidden",
  deleteQuestion: (name: string) => `Delete the testimonial from ${name}?`,
  gone: "This testimonial does not exist or was deleted.",
  quote: "Quote",
  name: "Name",
  role: "Role (optional)",
  roleName: "Role",
  company: "Company (optional)",
  companyName: "Company",
  photoUrl: "Photo URL (optional)",
  photoUpload: "Upload a photo",
  photoName: "Photo URL",
  urlPlaceholder: "https://",
  about: "About",
  aboutHint: "Shows the testimonial beside this case study or service too.",
  aboutNothing: "Nothing in particular",
  aboutCaseStudy: (title: string) => `Case study: ${title}`,
  aboutService: (name: string) => `Service: ${name}`,
  aboutInvalid: "Choose a case study or service from the list",
  publishedField: "Published",
  createSubmit: "Create Testimonial",
  updateSubmit: "Update Testimonial",
} as const;

export const CLIENT_LOGO_TEXTS = {
  heading: "Client Logos",
  description: "The strip of client logos on the home page, in this order.",
  add: "Add Logo",
  createTitle: "Add Client Logo",
  editTitle: "Edit Client Logo",
  listLabel: "Client logos",
  emptyTitle: "No client logos yet.",
  deleteQuestion: (name: string) => `Delete the logo of ${name}?`,
  gone: "This logo does not exist or was deleted.",
  altText: "Client name (alt text)",
  altTextName: "Client name",
  imageUrl: "Logo image URL",
  imageUpload: "Upload a logo",
  imageMissing: "Upload a logo or give its image URL",
  imageHint: "A wide logo (about 160 × 48 pixels) on a transparent or white background.",
  urlPlaceholder: "https://",
  createSubmit: "Create Logo",
  updateSubmit: "Update Logo",
} as const;

/** A proof item's toasts: "Case study created", "Failed to create case study", and so on. */
function proofToasts(name: string) {
  const noun = name.toLowerCase();
  return {
    created: { message: `${name} created` },
    updated: { message: `${name} updated` },
    deleted: { message: `${name} deleted` },
    createError: `Failed to create ${noun}`,
    updateError: `Failed to update ${noun}`,
    deleteError: `Failed to delete ${noun}`,
  };
}

export const PROOF_TOASTS = {
  caseStudy: proofToasts("Case study"),
  testimonial: proofToasts("Testimonial"),
  clientLogo: { ...proofToasts("Logo"), created: { message: "Logo added" }, createError: "Failed to add logo" },
};

export const PROOF_SIDEBAR = {
  caseStudies: "Case Studies",
  testimonials: "Testimonials",
} as const;

/** The public Work pages (/work and /work/<slug>). */
export const WORK = {
  navLabel: "Work",
  heading: "Our Work",
  intro: "Automations we have built for businesses like yours, and what changed for them.",
  metaDescription: (company: string) =>
    `Case studies from ${company}: the problem, what we built and the results, in figures.`,
  filterLabel: "Filter case studies",
  serviceLabel: "Service",
  allServices: "All services",
  industryLabel: "Industry",
  allIndustries: "All industries",
  applyFilters: "Filter",
  listLabel: "Case studies",
  count: (count: number) => (count === 1 ? "1 case study" : `${count} case studies`),
  empty: "No case studies match this filter yet.",
  clearFilters: "Show all case studies",
  readMore: (title: string) => `Read the case study: ${title}`,
  readMoreShort: "Read the case study",
  clientLabel: "Client",
  industryTag: "Industry",
  problemHeading: "The problem",
  solutionHeading: "What we built",
  resultsHeading: "Results",
  toolsHeading: "Tools used",
  servicesHeading: "Related services",
  testimonialsHeading: "What the client says",
  backToWork: "All case studies",
  ctaHeading: "Want results like these?",
  ctaText: "Tell us about your process and we will suggest what to automate first.",
  ctaButton: "Start a project",
  notFound: "This case study does not exist or is not published.",
} as const;

/** The home page's proof: featured case studies, testimonials and the client-logo strip. */
export const HOME_PROOF = {
  workHeading: "Selected Work",
  workIntro: "A few projects we delivered, and the numbers they moved.",
  viewAllWork: "See All Case Studies",
  testimonialsHeading: "What Clients Say",
  logosHeading: "Trusted by teams at",
} as const;

/** Links from a service (its card, the order summary) to its case studies and testimonials. */
export const SERVICE_PROOF = {
  caseStudyLink: (title: string) => `Case study: ${title}`,
  relatedHeading: "See it in action",
  testimonialLabel: (name: string) => `Testimonial from ${name}`,
} as const;

export const PROOF_FIELD_ERRORS = {
  notImageAddress: (label: string) =>
    `${label} must be a web address starting with https:// or a path on this site starting with /`,
} as const;
