import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { LENGTH_UNITS, type LengthUnit } from '@/features/viewer/api/viewer';
import { calibratedFeetPerPoint, formatQuantity } from '@/features/viewer/lib/takeoff';

type Props = {
  /** The clicked line's length in page points; the dialog is open while it is set. */
  lengthPts: number | null;
  pageNumber: number;
  /** The scales noted under the page's drawings, where it has drawings at several. */
  drawingScales?: readonly string[];
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (distance: number, unit: LengthUnit) => void;
};

/** Asks how long the clicked line really is, and shows the scale that makes. */
export function CalibrateDialog({ lengthPts, pageNumber, drawingScales = [], busy, error, onCancel, onSave }: Props) {
  const [distance, setDistance] = useState('');
  const [unit, setUnit] = useState<LengthUnit>('ft');
  const [problem, setProblem] = useState<string | null>(null);
  const value = Number(distance);
  const valid = distance.trim() !== '' && Number.isFinite(value) && value > 0;
  const feetPerPoint = valid && lengthPts ? calibratedFeetPerPoint(lengthPts, value, unit) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setProblem('Type the real distance between the two points, a number above 0.');
      return;
    }
    setProblem(null);
    onSave(value, unit);
  };

  return (
    <Dialog open={lengthPts !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Calibrate page {pageNumber}</DialogTitle>
            <DialogDescription>
              How long is the line you clicked in reality?{' '}
              {drawingScales.length > 1
                ? `This page has drawings at ${drawingScales.join(' and ')}: each is measured at its own scale, corrected by the same factor as the drawing you clicked in.`
                : 'Every length and area on this page is measured with it.'}
            </DialogDescription>
          </DialogHeader>
          <div className="flex items-end gap-2">
            <div className="grid flex-1 gap-1.5">
              <Label htmlFor="calibrate-distance">Distance</Label>
              <Input
                id="calibrate-distance"
                inputMode="decimal"
                autoFocus
                value={distance}
                onChange={(event) => setDistance(event.target.value)}
                aria-invalid={!!problem}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="calibrate-unit">Unit</Label>
              <select
                id="calibrate-unit"
                className="h-9 rounded-md border bg-background px-2 text-sm"
                value={unit}
                onChange={(event) => setUnit(event.target.value as LengthUnit)}
              >
                {LENGTH_UNITS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {feetPerPoint ? (
            <p className="text-sm text-muted-foreground">
              That makes the scale 1&quot; = {formatQuantity(feetPerPoint * 72)}&apos; on the sheet.
            </p>
          ) : null}
          {problem || error ? (
            <p role="alert" className="text-sm text-destructive">
              {problem ?? error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : null}
              Set scale
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
