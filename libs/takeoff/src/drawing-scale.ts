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
