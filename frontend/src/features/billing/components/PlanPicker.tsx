import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PLANS, planById, type PlanId } from '@/features/billing/lib/plans';

/**
 * Monthly / Quarterly / Yearly (SPEC §2), quarterly by default, with the
 * chosen plan's panel (`children`) as the content each tab controls.
 */
export function PlanTabs({
  value,
  onChange,
  children,
}: {
  value: PlanId;
  onChange: (plan: PlanId) => void;
  children: ReactNode;
}) {
  return (
    <Tabs value={value} onValueChange={(next) => onChange(next as PlanId)} className="items-center gap-8">
      <TabsList aria-label="Billing period">
        {PLANS.map((plan) => (
          <TabsTrigger key={plan.id} value={plan.id} className="px-4">
            {plan.name}
          </TabsTrigger>
        ))}
      </TabsList>
      {PLANS.map((plan) => (
        <TabsContent key={plan.id} value={plan.id} className="w-full">
          {plan.id === value ? children : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** One plan's price, period, description, savings badge and features, with the action below. */
export function PlanCard({ plan: id, children }: { plan: PlanId; children: ReactNode }) {
  const plan = planById(id)!;
  return (
    <section
      aria-label={`${plan.name} plan`}
      className="grid gap-5 rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{plan.name}</h2>
        {plan.savings ? <Badge className="text-sm">{plan.savings}</Badge> : null}
      </div>
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">${plan.price}</span>
        <span className="text-muted-foreground">/ {plan.interval}</span>
      </p>
      <p className="text-sm text-muted-foreground">{plan.description}</p>
      <ul className="grid gap-2 text-sm sm:grid-cols-2">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <Check className="size-4 shrink-0 text-primary" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
