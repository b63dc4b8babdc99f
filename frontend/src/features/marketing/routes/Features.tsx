import {
  ArrowRight,
  Bot,
  Check,
  Code2,
  FileSpreadsheet,
  FileText,
  FolderKanban,
  History,
  NotebookPen,
  Ruler,
  Share2,
  Tags,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/use-page-meta';
import { featuresMeta } from '../meta';
import { Section } from '../components/Section';

const features = [
  {
    icon: Bot,
    title: 'AI document analysis',
    text: 'Chat with your drawings, specifications and bid documents. Ask for quantities, scope or conflicts between sheets and get answers that point to the source.',
  },
  {
    icon: Ruler,
    title: 'Material takeoff',
    text: 'Quantities the assistant finds are added to the materials list with their units: cubic yards, square feet, linear feet, each.',
  },
  {
    icon: FileText,
    title: 'Estimates as PDF',
    text: 'Generate a priced estimate with summary, breakdown, assumptions, timeline and terms, and download it as a PDF.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Advanced Excel export',
    text: 'Take quantities and estimates into the spreadsheet or estimating system you already use.',
  },
  {
    icon: FolderKanban,
    title: 'Projects and bid documents',
    text: 'Keep every job in its own project, with project files and bid documents in separate tabs.',
  },
  {
    icon: NotebookPen,
    title: 'Project notes',
    text: 'One running note per project that saves itself as you type.',
  },
  {
    icon: Tags,
    title: 'Custom price lists',
    text: 'Price estimates from your own costs and your suppliers’ prices.',
  },
  {
    icon: Share2,
    title: 'Project sharing',
    text: 'Bring estimators and project managers into the same project.',
  },
  {
    icon: History,
    title: 'Version history',
    text: 'See how an estimate changed from the first pass to the number you sent.',
  },
] as const;

/** SPEC §9: the features page's plan set (the pricing page has its own). */
const plans = [
  {
    name: 'Free',
    price: '$0',
    period: 'forever',
    description: 'Try Kerf on a small job.',
    features: ['2 projects', '20MB document limit', 'Limited AI chat', 'Materials list and notes'],
    highlighted: false,
  },
  {
    name: 'Monthly',
    price: '$50',
    period: 'per month',
    description: 'Everything, billed monthly.',
    features: [
      'Unlimited projects',
      'Full AI document analysis',
      'Estimates as PDF',
      'Advanced Excel export',
      'API access',
    ],
    highlighted: true,
  },
  {
    name: 'Yearly',
    price: '$500',
    period: 'per year',
    description: 'Everything, 2 months free.',
    features: ['Everything in Monthly', '2 months free', 'Priority support', 'API access'],
    highlighted: false,
  },
] as const;

export function FeaturesRoute() {
  usePageMeta(featuresMeta);

  return (
    <PublicLayout>
      <section className="border-b bg-gradient-to-b from-orange-50/70 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Features</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Everything between the drawings and the bid
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-600">
            Kerf reads your construction documents, answers quantity questions, keeps your takeoff and notes per
            project, and turns them into estimates your clients can read.
          </p>
        </div>
      </section>

      <Section id="capabilities" eyebrow="What you get" title="Tools for the whole estimate">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-white p-6 shadow-xs">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="api-heading" className="border-y bg-slate-50 py-16">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 sm:px-6 md:flex-row md:items-center">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-white">
            <Code2 className="size-7" aria-hidden="true" />
          </span>
          <div>
            <h2 id="api-heading" className="text-2xl font-bold text-slate-900">
              API access for premium plans
            </h2>
            <p className="mt-2 max-w-3xl leading-7 text-muted-foreground">
              Premium plans include API access, so your projects, materials and estimates can flow into your own
              systems: accounting, scheduling or a company dashboard.
            </p>
          </div>
        </div>
      </section>

      <Section
        id="plans"
        eyebrow="Plans"
        title="Start free, upgrade when you need more"
        intro="The free plan has limits: 2 projects, a 20MB document limit and limited AI chat. Paid plans remove them."
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {plans.map((plan) => (
            <li
              key={plan.name}
              className={cn(
                'flex flex-col rounded-2xl border bg-white p-8',
                plan.highlighted && 'border-primary shadow-lg ring-1 ring-primary',
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
                {plan.name === 'Yearly' && <Badge variant="secondary">2 months free</Badge>}
              </div>
              <p className="mt-4 flex items-baseline gap-1.5">
                <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>
                <span className="text-sm text-muted-foreground">{plan.period}</span>
              </p>
              <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>
              <ul className="mt-6 flex-1 space-y-3 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2.5 text-slate-700">
                    <Check className="size-4 shrink-0 translate-y-0.5 text-primary" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center gap-3 text-center">
          <Button asChild size="lg" className="h-12 px-6 text-base">
            <Link to={paths.pricing.getHref()}>
              See pricing and start a trial
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <p className="text-sm text-muted-foreground">Current plans and trial terms are on the pricing page.</p>
        </div>
      </Section>
    </PublicLayout>
  );
}
