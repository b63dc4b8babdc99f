import { Button } from '@/components/ui/button';
import { useChoosePrice } from '@/features/estimates/api/estimates';
import { formatQuantity, formatUsd, type Estimate, type PriceCandidate } from '@/features/estimates/lib/estimate';

/** An approved or archived estimate keeps its prices; a new estimate is priced instead. */
export const isLocked = (estimate: Estimate) => estimate.status === 'approved' || estimate.status === 'archived';

/** One click on a candidate: the line is priced by it, the estimate re-priced, the choice remembered. */
export function ChoiceButtons({
  estimate,
  choiceKey,
  material,
  candidates,
}: {
  estimate: Estimate;
  choiceKey: string;
  material: string;
  candidates: PriceCandidate[];
}) {
  const choose = useChoosePrice(estimate.projectId);
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {candidates.map((c) => (
        <Button
          key={`${c.kind}-${c.code}`}
          size="sm"
          variant="outline"
          className="h-auto max-w-full py-1 text-left whitespace-normal"
          title={c.reason}
          disabled={choose.isPending}
          onClick={() =>
            choose.mutate({
              estimateId: estimate.id,
              key: choiceKey,
              kind: c.kind,
              code: c.code,
              material,
              name: c.name,
            })
          }
        >
          Use {c.name} <span className="text-muted-foreground">≈ {formatUsd(c.lineTotal)}</span>
        </Button>
      ))}
    </div>
  );
}

/** Materials the estimate would not guess a price for, each with its candidates one click away. */
export function NeedsPrice({ estimate }: { estimate: Estimate }) {
  const unpriced = estimate.estimateData?.unpriced ?? [];
  const locked = isLocked(estimate);
  if (!unpriced.length) return null;
  return (
    <section aria-label="Needs a price" className="space-y-2" data-testid="needs-price">
      <h4 className="text-sm font-medium">Needs a price</h4>
      <ul className="space-y-3">
        {unpriced.map((u) => (
          <li key={u.key} className="rounded-md border p-3 text-sm">
            <div className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium break-words">{u.name}</span>
              <span className="text-muted-foreground">
                {formatQuantity(u.quantity)} {u.unit}
                {u.proposed ? ' · proposed' : ''}
              </span>
            </div>
            {u.origin ? <p className="text-xs text-muted-foreground break-words">{u.origin}</p> : null}
            <p className="mt-1 text-muted-foreground">{u.reason}</p>
            {u.candidates?.length && !locked ? (
              <ChoiceButtons estimate={estimate} choiceKey={u.key} material={u.name} candidates={u.candidates} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
