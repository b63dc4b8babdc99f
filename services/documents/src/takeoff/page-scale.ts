/**
 * A page's effective scale, real feet per page point: what hand takeoff items
 * are measured with. One place for every kind of drawing and both shapes of
 * the analysis's page scale.
 */
import type { AnalysisOverrides, DocumentKind } from '@kerf/contracts';
import { handMeasurementFeetPerPoint } from '@kerf/takeoff';
import { feetPerUnit } from '../analysis/dxf/drawing-units';

/**
 * A page of the stored analysis as far as its scale goes: the scale note as text
 * (the first PDF analysis), or issue 16's object with the feet per point it
 * measured from the note, a calibration or the dimensions.
 */
interface AnalysedPage {
  number?: unknown;
  scale?: unknown;
  widthPts?: unknown;
  heightPts?: unknown;
  drawings?: unknown;
}

interface AnalysisForScale {
  status?: unknown;
  pages?: AnalysedPage[];
  units?: { feetPerUnit?: unknown };
}

export type PageScale =
  | { feetPerPoint: number; source: 'calibration' | 'analysis' | 'drawing-units' }
  /** The page has no scale: lengths and areas cannot be measured on it (counts can). */
  | { feetPerPoint: null };

export type PageLookup =
  | { ok: true; scale: PageScale }
  /** Why the page cannot be measured at all, said as a person can act on it. */
  | { ok: false; error: string };

const isDrawing = (kind: DocumentKind) => kind === 'dxf' || kind === 'dwg';
const positive = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** How many pages a document has to measure on: a PDF's analysed pages, one for a DXF or DWG. */
export function pageCount(kind: DocumentKind, analysis: AnalysisForScale | null): number {
  if (isDrawing(kind)) return analysis?.status === 'analyzed' ? 1 : 0;
  return Array.isArray(analysis?.pages) ? analysis.pages.length : 0;
}

/**
 * The scale of page `page`: the user's calibration when set, else the
 * analysis's feet per point (of the drawing that holds all of `points`, on a
 * sheet with drawings at several scales); for a DXF or DWG (page 1, drawing
 * coordinates) the drawing units (the user's choice, else the analysis's).
 */
export function pageScale(
  document: { filename: string; filetype: DocumentKind; status: string; overrides: AnalysisOverrides },
  analysis: AnalysisForScale | null,
  page: number,
  points: ReadonlyArray<readonly number[]> = [],
): PageLookup {
  const { filename, filetype, overrides } = document;
  if (filetype !== 'pdf' && !isDrawing(filetype))
    return {
      ok: false,
      error: `Takeoff items are measured on PDF, DXF and DWG drawings; ${filename} is a ${filetype.toUpperCase()} file.`,
    };
  const pages = pageCount(filetype, analysis);
  if (pages === 0)
    return {
      ok: false,
      error:
        document.status === 'failed'
          ? `${filename} could not be read, so it has no pages to measure on.`
          : `${filename} is still being read: measure on it once its analysis is done.`,
    };
  if (!Number.isInteger(page) || page < 1 || page > pages)
    return {
      ok: false,
      error: isDrawing(filetype)
        ? `Page ${page} does not exist: ${filename} is a ${filetype.toUpperCase()} drawing, measured on page 1 in drawing coordinates.`
        : `Page ${page} does not exist: ${filename} has ${pages} page${pages === 1 ? '' : 's'} (1 to ${pages}).`,
    };
  if (isDrawing(filetype)) {
    const chosen = overrides.units?.unit;
    const feet = chosen ? feetPerUnit(chosen) : analysis?.units?.feetPerUnit;
    return {
      ok: true,
      scale: positive(feet) ? { feetPerPoint: feet, source: 'drawing-units' } : { feetPerPoint: null },
    };
  }
  const calibrated = overrides.pageScales?.[page]?.feetPerPoint;
  const analysedPage = analysis?.pages?.find((p) => Number(p.number) === page);
  const feetPerPoint = handMeasurementFeetPerPoint(calibrated, analysedPage, points);
  if (feetPerPoint === null) return { ok: true, scale: { feetPerPoint: null } };
  return { ok: true, scale: { feetPerPoint, source: positive(calibrated) ? 'calibration' : 'analysis' } };
}
