import { Ruler } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import type { DocumentAnalysis, OverridableUnit } from '@/features/documents/api/documents';
import { useSetDrawingUnits } from '@/features/documents/api/set-drawing-units';
import { OVERRIDABLE_UNITS, isOverridableUnit, unitName } from '@/features/documents/lib/drawing-units';

/**
 * Issue 15: the drawing units of a DXF or DWG, fixed here rather than in a CAD
 * program. The unit the drawing's dimensions suggest is one click ("Use
 * inches"); any other is a choice in the list. While the analysis is redone the
 * previous figures stay on screen, and it says so.
 */
export function DrawingUnitsFix({
  documentId,
  analysis,
  className,
}: {
  documentId: string;
  analysis: DocumentAnalysis;
  className?: string;
}) {
  const setUnits = useSetDrawingUnits(documentId);
  const selectId = useId();
  const usedAs = analysis.units?.usedAs ?? analysis.units?.source;
  const suggested = analysis.units?.suggested;
  const requested = setUnits.isPending ? setUnits.variables?.units : analysis.overrides?.units?.unit;
  const busy = setUnits.isPending || !!analysis.reanalysis;
  const choose = (units: OverridableUnit) => setUnits.mutate({ units });
  const failure = setUnits.error ? (apiErrorMessage(setUnits.error) ?? 'The units could not be set.') : null;

  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex flex-wrap items-center gap-2">
        {suggested && !busy ? (
          <Button size="sm" onClick={() => choose(suggested)}>
            <Ruler />
            Use {unitName(suggested)}
          </Button>
        ) : null}
        <span className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-xs text-muted-foreground">
            Drawing units
          </label>
          <select
            id={selectId}
            className="h-8 rounded-md border border-input bg-background px-2 text-sm text-foreground disabled:opacity-60"
            value={isOverridableUnit(usedAs) ? usedAs : ''}
            disabled={busy}
            onChange={(event) => {
              const value = event.target.value;
              if (isOverridableUnit(value)) choose(value);
            }}
          >
            {isOverridableUnit(usedAs) ? null : <option value="">{unitName(usedAs)}</option>}
            {OVERRIDABLE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unitName(unit)}
              </option>
            ))}
          </select>
        </span>
      </div>
      {busy ? (
        <p role="status" className="flex items-center gap-2 text-xs">
          <Spinner size="sm" aria-hidden />
          Recomputing in {unitName(requested)}… the figures below are still in {unitName(usedAs)}.
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-xs text-destructive">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
