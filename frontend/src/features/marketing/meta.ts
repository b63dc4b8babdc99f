import { paths } from '@/config/paths';
import type { PageMeta } from '@/lib/use-page-meta';

// Title, meta description and canonical path of each marketing page: the pages
// set them in the browser, and the build writes them into the prerendered HTML.

export const landingMeta = {
  title: 'Kerf: AI Construction Takeoff & Estimating Software',
  description:
    'Kerf reads your construction drawings and specs, answers quantity questions, builds your materials list and turns it into a priced estimate. Start a 7-day free trial.',
  canonical: paths.home.getHref(),
} satisfies PageMeta;

export const featuresMeta = {
  title: 'Features: AI Takeoff, Estimates & Excel Export | Kerf',
  description:
    'AI document analysis, material takeoff, PDF estimates, Excel export, custom price lists and API access on premium plans. See what Kerf does and what the free plan includes.',
  canonical: paths.features.getHref(),
} satisfies PageMeta;

export const aboutMeta = {
  title: 'About Kerf: AI Estimating for Contractors',
  description:
    'Kerf builds AI tools that help contractors and estimators take off quantities and price jobs faster, with numbers they can trace back to the drawings.',
  canonical: paths.about.getHref(),
} satisfies PageMeta;

export const contactMeta = {
  title: 'Contact Kerf: Support, Sales and Feedback',
  description:
    'Questions about Kerf, your account or a bill, a team plan, or feedback on the Alpha: how to reach the people who build Kerf.',
  canonical: paths.contact.getHref(),
} satisfies PageMeta;

/**
 * The pricing page's head tags. Its screen belongs to the billing work; the
 * gateway writes these into /pricing already, and the screen should set the
 * same with `usePageMeta(pricingMeta)`.
 */
export const pricingMeta = {
  title: 'Pricing: Plans and 7-Day Free Trial | Kerf',
  description:
    'Kerf plans for contractors and estimators: monthly, quarterly or yearly, each with unlimited projects, full AI document analysis, Excel export and a 7-day free trial.',
  canonical: paths.pricing.getHref(),
} satisfies PageMeta;
