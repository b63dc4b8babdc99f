import {
  ArrowRight,
  Check,
  Clock,
  FileDown,
  FileSearch,
  FileSpreadsheet,
  Layers,
  ListChecks,
  ScanSearch,
  SlidersHorizontal,
  Target,
  Upload,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import { landingMeta } from '../meta';
import { ChatDemo, EstimateDemo, MaterialsDemo } from '../components/DemoPanels';
import { RotatingWord } from '../components/RotatingWord';
import { Section } from '../components/Section';

const benefits = [
  {
    icon: Clock,
    title: 'Hours back on every bid',
    text: 'Ask for quantities in plain language instead of measuring every sheet by hand.',
  },
  {
    icon: Target,
    title: 'Fewer missed items',
    text: 'The assistant reads the notes, schedules and specs that quantities hide in.',
  },
  {
    icon: FileSearch,
    title: 'Answers you can check',
    text: 'Every quantity comes with the sheet and note it came from, so you can verify it in seconds.',
  },
  {
    icon: Layers,
    title: 'Your files, as they come',
    text: 'PDF drawings, DWG and DXF, Excel, Word, PowerPoint and photos, in one project.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Export to Excel',
    text: 'Take your materials list into the spreadsheet or estimating system you already use.',
  },
  {
    icon: ListChecks,
    title: 'Estimates your clients can read',
    text: 'Summary, breakdown and terms in a clean PDF, with your overhead and profit applied.',
  },
] as const;

const steps = [
  {
    icon: Upload,
    title: 'Upload',
    text: 'Add drawings, specifications and bid documents to a project. Kerf reads PDFs, CAD files, spreadsheets and images.',
  },
  {
    icon: ScanSearch,
    title: 'Analyze',
    text: 'Ask the assistant for what you need: quantities, scope, conflicts between sheets. Quantities it finds go straight onto the materials list.',
  },
  {
    icon: FileDown,
    title: 'Export',
    text: 'Export the takeoff to Excel, or generate a priced estimate with overhead, profit, timeline and terms as a PDF.',
  },
] as const;

const training = [
  'Custom price lists, so estimates use your costs, not national averages',
  'Response style: standard, technical, simple, concise or comprehensive',
  'Custom instructions for how you measure, round and name things',
  'Learns from your corrections over time',
] as const;

export function LandingRoute() {
  usePageMeta(landingMeta);

  return (
    <PublicLayout>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-orange-50/70 via-white to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.05fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border bg-white px-3 py-1 text-sm font-medium text-slate-700 shadow-xs">
              <span className="size-2 rounded-full bg-primary" aria-hidden="true" />
              AI takeoff and estimating assistant
            </p>
            <h1 className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              <span className="sr-only">Construction estimates, takeoffs and project scopes in minutes, not days</span>
              <span aria-hidden="true" className="block">
                Construction
              </span>
              <RotatingWord className="block h-[1.15em] text-primary" />
              <span aria-hidden="true" className="block">
                in minutes, not days
              </span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
              Upload your drawings and specs, ask for the quantities you need, and turn them into a materials list and a
              priced estimate. Built for contractors and estimators.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg" className="h-12 px-6 text-base">
                <Link to={paths.pricing.getHref()}>
                  Start your free trial
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="h-12 px-6 text-base">
                <a href="#how-it-works">See how it works</a>
              </Button>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">7-day free trial · Cancel anytime</p>
          </div>
          <ChatDemo />
        </div>
      </section>

      <Section
        id="demo"
        eyebrow="See it work"
        title="From drawing to materials list to estimate"
        intro="Every quantity the assistant finds lands on the project's materials list, where you can check it, adjust it and price it."
      >
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="space-y-4">
            <h3 className="text-xl font-semibold text-slate-900">A takeoff you can trust</h3>
            <p className="text-muted-foreground">
              Quantities from the drawings sit beside the ones you enter yourself, each marked with where it came from.
            </p>
            <MaterialsDemo />
          </div>
          <div className="space-y-4">
            <h3 className="text-xl font-semibold text-slate-900">An estimate ready to send</h3>
            <p className="text-muted-foreground">
              Set your overhead and profit, and Kerf prices the job with a timeline, assumptions and terms.
            </p>
            <EstimateDemo />
          </div>
        </div>
      </Section>

      <Section
        id="benefits"
        eyebrow="Why Kerf"
        title="Built for the way estimators work"
        className="border-y bg-slate-50"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
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

      <Section id="how-it-works" eyebrow="How it works" title="Three steps from plans to price">
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative rounded-xl border bg-white p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground">
                  {i + 1}
                </span>
                <Icon className="size-6 text-primary" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-xl font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section aria-labelledby="training-heading" className="bg-slate-950 py-16 text-white sm:py-24">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-orange-300 uppercase">AI training</p>
            <h2 id="training-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              An assistant that estimates the way you do
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-300">
              Every company measures, rounds and prices a little differently. Teach Kerf your way once and every answer
              follows it.
            </p>
            <ul className="mt-8 space-y-3">
              {training.map((item) => (
                <li key={item} className="flex gap-3 text-slate-200">
                  <Check className="mt-0.5 size-5 shrink-0 text-orange-300" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-800 bg-slate-900 p-6 shadow-2xl">
            <p className="flex items-center gap-2 font-semibold">
              <SlidersHorizontal className="size-5 text-orange-300" aria-hidden="true" />
              AI Assistant Settings
            </p>
            <p className="mt-6 text-sm font-medium text-slate-300">Response style</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {['Standard', 'Technical', 'Simple', 'Concise', 'Comprehensive'].map((style) => (
                <span
                  key={style}
                  className={
                    style === 'Technical'
                      ? 'rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground'
                      : 'rounded-md border border-slate-700 px-3 py-1.5 text-sm text-slate-300'
                  }
                >
                  {style}
                </span>
              ))}
            </div>
            <p className="mt-6 text-sm font-medium text-slate-300">Custom instructions</p>
            <p className="mt-2 rounded-md border border-slate-700 bg-slate-950 p-3 text-sm leading-6 text-slate-300">
              Round concrete up to the next half yard. Report drywall in 4×12 sheets with 12% waste. Name materials the
              way our supplier does.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Ready to bid faster?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            Try Kerf on your next set of drawings. Your 7-day free trial starts when you choose a plan.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="h-12 px-6 text-base">
              <Link to={paths.pricing.getHref()}>
                View plans and pricing
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="h-12 px-6 text-base">
              <Link to={paths.features.getHref()}>Explore features</Link>
            </Button>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
