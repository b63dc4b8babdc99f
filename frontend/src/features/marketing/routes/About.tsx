import { ArrowRight, Eye, HardHat, Lock, Wrench } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import { aboutMeta } from '../meta';
import { Section } from '../components/Section';

const principles = [
  {
    icon: Eye,
    title: 'Numbers you can trace',
    text: 'An estimate is only as good as its quantities. Kerf shows where each one came from, so you can check it before you put your name on a bid.',
  },
  {
    icon: HardHat,
    title: 'Built for the trade',
    text: 'We design for estimators, project managers and owners of construction companies, using the units, documents and habits of the job site.',
  },
  {
    icon: Lock,
    title: 'Your documents stay yours',
    text: 'Your drawings, specs and prices belong to you. They are used to answer your questions and nothing else.',
  },
  {
    icon: Wrench,
    title: 'Practical over flashy',
    text: 'A tool earns its place by saving time on real jobs. We measure ourselves by hours given back to estimators.',
  },
] as const;

const audiences = [
  'General contractors pricing whole jobs',
  'Subcontractors taking off their own trade',
  'Independent estimators and quantity surveyors',
  'Remodelers and design-build firms',
] as const;

export function AboutRoute() {
  usePageMeta(aboutMeta);

  return (
    <PublicLayout>
      <section className="border-b bg-gradient-to-b from-orange-50/70 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">About us</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Less time measuring, more time building
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-600">
            Estimating is where a construction company wins or loses its margin, and most of it is still done with a
            scale ruler and a spreadsheet. Kerf gives estimators an assistant that reads the drawings with them.
          </p>
        </div>
      </section>

      <Section
        id="mission"
        eyebrow="Our mission"
        title="Help every contractor bid with confidence"
        intro="A takeoff for a mid-size job can take days. Much of that time goes into finding, measuring and re-checking the same kinds of quantities. Kerf handles the repetitive part and keeps the estimator in charge of the judgement calls: what to include, how to price it, and when a number looks wrong."
      >
        <ul className="grid gap-6 sm:grid-cols-2">
          {principles.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-xl border bg-white p-6">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="who-heading" className="border-y bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 md:grid-cols-2">
          <div>
            <h2 id="who-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Who Kerf is for
            </h2>
            <p className="mt-4 leading-7 text-muted-foreground">
              Anyone who turns drawings into numbers: from a two-person remodeling company to the estimating department
              of a commercial builder.
            </p>
          </div>
          <ul className="space-y-3">
            {audiences.map((audience) => (
              <li key={audience} className="rounded-lg border bg-white px-4 py-3 font-medium text-slate-800">
                {audience}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section
        id="alpha"
        eyebrow="Alpha"
        title="Early, and honest about it"
        intro="Kerf is in Alpha. The core is here: projects, document analysis, materials, notes and estimates. We ship improvements every week, and what our users tell us decides what comes next."
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" className="h-12 px-6 text-base">
            <Link to={paths.pricing.getHref()}>
              Start your free trial
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="h-12 px-6 text-base">
            <Link to={paths.contact.getHref()}>Contact us</Link>
          </Button>
        </div>
      </Section>
    </PublicLayout>
  );
}
