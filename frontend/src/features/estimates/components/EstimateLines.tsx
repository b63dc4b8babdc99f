import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatQuantity, formatUsd, type Estimate } from '@/features/estimates/lib/estimate';
import { ChoiceButtons, isLocked } from '@/features/estimates/components/NeedsPrice';

/** Every priced line: its source quantity, what priced it and why, waste, and its material, labour and equipment. */
export function EstimateLines({ estimate }: { estimate: Estimate }) {
  const data = estimate.estimateData ?? {};
  const [open, setOpen] = useState(false);
  const lines = (data.sections ?? []).flatMap((s) => s.items);
  if (!lines.length) return null;
  return (
    <section aria-label="Estimate lines" className="space-y-2">
      <Button size="sm" variant="outline" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        {open ? 'Hide line details' : `Show line details (${lines.length})`}
      </Button>
      {open ? (
        <ul className="divide-y rounded-md border text-sm" data-testid="estimate-lines">
          {lines.map((line, i) => (
            <li key={`${line.code}-${i}`} className="space-y-1 p-3">
              <div className="flex flex-wrap justify-between gap-x-3 font-medium">
                <span className="min-w-0 break-words">{line.material ?? line.description}</span>
                <span>{formatUsd(line.totalCost)}</span>
              </div>
              {line.sourceQuantity ? (
                <p className="text-muted-foreground break-words">
                  Source: {formatQuantity(line.sourceQuantity.quantity)} {line.sourceQuantity.unit}
                  {line.sourceQuantity.origin ? `, ${line.sourceQuantity.origin}` : ''}
                  {line.sourceQuantity.proposed ? ' (proposed)' : ''}
                </p>
              ) : null}
              {line.pricedBy ? (
                <p className="break-words">
                  {line.kind === 'assembly' ? 'Assembly' : 'Price item'}: {line.pricedBy}
                  <span className="text-muted-foreground">
                    {' '}
                    — {line.reason} ({Math.round((line.confidence ?? 0) * 100)}% sure)
                  </span>
                </p>
              ) : null}
              <dl className="grid grid-cols-2 gap-x-4 text-muted-foreground sm:grid-cols-5">
                <div>
                  <dt className="inline">Qty </dt>
                  <dd className="inline">
                    {formatQuantity(line.quantity)} {line.unit}
                  </dd>
                </div>
                <div>
                  <dt className="inline">Waste </dt>
                  <dd className="inline">{line.waste ?? 'none'}</dd>
                </div>
                <div>
                  <dt className="inline">Material </dt>
                  <dd className="inline">{formatUsd(line.materialCost)}</dd>
                </div>
                <div>
                  <dt className="inline">Labor </dt>
                  <dd className="inline">{formatUsd(line.laborCost)}</dd>
                </div>
                <div>
                  <dt className="inline">Equipment </dt>
                  <dd className="inline">{formatUsd(line.equipmentCost)}</dd>
                </div>
              </dl>
              {line.components?.length ? (
                <details className="text-xs text-muted-foreground">
                  <summary className="cursor-pointer">{line.components.length} components</summary>
                  <ul className="mt-1 space-y-0.5">
                    {line.components.map((c) => (
                      <li key={c.name} className="flex justify-between gap-3">
                        <span className="min-w-0 break-words">
                          {c.name}: {formatQuantity(c.quantity)} {c.unit}
                          {Number(c.wastePercent) ? ` incl. ${c.wastePercent}% waste` : ''}
                        </span>
                        <span className="shrink-0">{formatUsd(c.totalCost)}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              {line.key && line.alternatives?.length && !isLocked(estimate) ? (
                <details className="text-xs">
                  <summary className="cursor-pointer text-muted-foreground">Price it differently</summary>
                  <ChoiceButtons
                    estimate={estimate}
                    choiceKey={line.key}
                    material={line.material ?? line.description}
                    candidates={line.alternatives}
                  />
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
