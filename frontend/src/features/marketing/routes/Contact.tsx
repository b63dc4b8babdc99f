import { BookOpen, LifeBuoy, Mail, UserCog, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PublicLayout } from '@/components/layout/PublicLayout';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import { contactMeta } from '../meta';
import { CONTACT_EMAIL, mailto } from '../lib/contact';

const reasons = [
  {
    icon: LifeBuoy,
    title: 'Help with Kerf',
    text: 'A drawing that reads wrong, a quantity you cannot trace, an upload that fails: tell us what you did and what you saw. Include the project name and file name if you can.',
    subject: 'Help with Kerf',
  },
  {
    icon: Users,
    title: 'Kerf for your team',
    text: 'Estimating department, several users, or a question about plans and invoices before you start a trial.',
    subject: 'Kerf for my team',
  },
  {
    icon: Mail,
    title: 'Feedback on the Alpha',
    text: 'What is missing, what gets in your way, what you would pay for. What users tell us decides what we build next.',
    subject: 'Feedback on Kerf',
  },
] as const;

/** The footer's Contact Us (SPEC §2 leaves its layout open): how to reach the team, by e-mail. */
export function ContactRoute() {
  usePageMeta(contactMeta);

  return (
    <PublicLayout>
      <section className="border-b bg-gradient-to-b from-orange-50/70 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Contact us</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Talk to the people who build Kerf
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-600">
            Write to{' '}
            <a
              className="font-semibold text-primary underline-offset-4 hover:underline"
              href={`mailto:${CONTACT_EMAIL}`}
            >
              {CONTACT_EMAIL}
            </a>
            . A person reads every message and answers within one working day.
          </p>
        </div>
      </section>

      <section aria-label="Ways to reach us" className="py-16 sm:py-20">
        <ul className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-3">
          {reasons.map(({ icon: Icon, title, text, subject }) => (
            <li key={title} className="flex flex-col rounded-xl border bg-white p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h2 className="mt-4 font-semibold text-slate-900">{title}</h2>
              <p className="mt-2 flex-1 text-sm leading-6 text-muted-foreground">{text}</p>
              <Button asChild variant="outline" className="mt-6 self-start">
                <a href={mailto(subject)}>
                  <Mail aria-hidden="true" />
                  E-mail us
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="self-service-heading" className="border-t bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-2">
          <h2 id="self-service-heading" className="sr-only">
            Answers you can find yourself
          </h2>
          <div className="flex gap-4 rounded-xl border bg-white p-6">
            <UserCog className="size-6 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-semibold text-slate-900">Your account and plan</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">
                Your name, password and subscription are in Settings once you are signed in.
              </p>
              <Link
                className="mt-3 inline-block text-sm font-semibold text-primary underline-offset-4 hover:underline"
                to={paths.app.settings.getHref()}
              >
                Open Settings
              </Link>
            </div>
          </div>
          <div className="flex gap-4 rounded-xl border bg-white p-6">
            <BookOpen className="size-6 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h3 className="font-semibold text-slate-900">Guides and articles</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">
                Takeoff and estimating how-tos, and what is new in Kerf.
              </p>
              <Link
                className="mt-3 inline-block text-sm font-semibold text-primary underline-offset-4 hover:underline"
                to={paths.blog.list.getHref()}
              >
                Read the blog
              </Link>
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
