/**
 * On a sheet with drawings at several scales (the PDF analysis's `pages[].drawings`), the scale what is
 * measured is at: the documents service measures hand takeoff with it, the viewer shows the running figure.
 */

/** A drawing of a sheet as far as this needs: its feet per point and its box [minX, minY, maxX, maxY]. */
export interface ScaledBox {
  feetPerPoint?: unknown;
  box?: unknown;
}

/**
 * The feet per point of the smallest drawing whose box holds all of `points` (page points), or null where
 * none does (or there are no points yet): the page's own scale applies then. Malformed entries are skipped.
 */
export function drawingFeetPerPoint(
  drawings: readonly ScaledBox[] | undefined,
  points: ReadonlyArray<readonly number[]>,
): number | null {
  if (!Array.isArray(drawings) || points.length === 0) return null;
  let best: { feetPerPoint: number; area: number } | null = null;
  for (const drawing of drawings) {
    const { feetPerPoint, box } = drawing ?? {};
    if (typeof feetPerPoint !== 'number' || !(feetPerPoint > 0) || !Array.isArray(box) || box.length !== 4) continue;
    const [minX, minY, maxX, maxY] = box as number[];
    if (!points.every(([x, y]) => x >= minX && x <= maxX && y >= minY && y <= maxY)) continue;
    const area = (maxX - minX) * (maxY - minY);
    if (!best || area < best.area) best = { feetPerPoint, area };
  }
  return best?.feetPerPoint ?? null;
}

/** A page of the analysis as far as its scale goes (a PDF page's `scale` and `drawings`). */
export interface ScaledPage {
  scale?: unknown;
  drawings?: unknown;
}

/**
 * The scale a hand measurement at `points` (page points) is at, or null where the page has none. A calibration
 * of the page (`calibrated`) wins, for the whole page; on a sheet with drawings at several scales an analysis
 * that applied it (its scale's source is the calibration) has corrected each drawing's scale by it, and what is
 * measured inside a drawing is at that drawing's corrected scale.
 */
export function handMeasurementFeetPerPoint(
  calibrated: number | undefined,
  page: ScaledPage | undefined,
  points: ReadonlyArray<readonly number[]>,
): number | null {
  const scale = (page?.scale ?? undefined) as { feetPerPoint?: unknown; source?: unknown } | undefined;
  const analysed = typeof scale === 'object' && isPositive(scale.feetPerPoint) ? scale.feetPerPoint : null;
  // Applied where the analysis kept the drawings (a calibration inside one); until the page is measured again
  // after a new calibration, that calibration holds for the whole page.
  const applied = scale?.source === 'calibration' && Array.isArray(page?.drawings) && page.drawings.length > 0;
  if (isPositive(calibrated) && !applied) return calibrated;
  const drawing = drawingFeetPerPoint(page?.drawings as ScaledBox[] | undefined, points);
  return drawing ?? analysed ?? (isPositive(calibrated) ? calibrated : null);
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
