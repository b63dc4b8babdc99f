import { AlertTriangle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { formatQuantity, formatUsd, type EstimateData } from '@/features/estimates/lib/estimate';

/** The estimate's self-checks, the materials it was built from and its cost per square foot. */
export function EstimateChecks({ data }: { data: EstimateData }) {
  const warnings = data.warnings ?? [];
  const counts = data.materials;
  return (
    <div className="space-y-2">
      {counts ? (
        <p className="text-sm text-muted-foreground" data-testid="estimate-material-counts">
          Built from {counts.total} material{counts.total === 1 ? '' : 's'}: {counts.priced} priced, {counts.needsPrice}{' '}
          need{counts.needsPrice === 1 ? 's' : ''} a price
          {counts.kept ? `, ${counts.kept} kept as existing (nothing to lay)` : ''}; {counts.proposed} proposed (not yet
          kept).
        </p>
      ) : null}
      {data.costPerSqFt && data.floorArea ? (
        <p className="text-sm text-muted-foreground" data-testid="estimate-cost-per-sq-ft">
          {formatUsd(data.costPerSqFt)} per sq ft of {formatQuantity(data.floorArea.sqFt)} sq ft measured floor area (
          {data.floorArea.source}).
        </p>
      ) : null}
      {warnings.length ? (
        <Alert variant="warning" data-testid="estimate-warnings">
          <AlertTriangle />
          <AlertTitle>Checks</AlertTitle>
          <AlertDescription>
            <ul className="list-disc space-y-1 pl-4">
              {warnings.map((warning) => (
                <li key={warning.message} data-code={warning.code}>
                  {warning.message}
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
