/**
 * PDF drawings and specs: text per page (pdf.js, in-process, no worker or
 * canvas), sheet number and title from the title block, scale notes,
 * schedules, and quantities written in the text.
 */
import { DocumentReadError } from '../document-read-error';
import type {
  AnalysisOverrides,
  DocumentAnalysis,
  DocumentInput,
  LayerTotals,
  PageAnalysis,
  Quantity,
  Room,
  RoomNote,
  SymbolCount,
} from '../analysis.types';
import { inputBytes } from '../document-input';
import { describeQuantity, hasQuantity, quantitiesInLine } from '../text/text-quantities';
import { findScales } from './drawing-scale';
import { linesOf, segmentsOf, stringsApart, type PlacedRun, type TextLine } from './pdf-layout';
import { middleOf, printedArea, roomTags } from './room-tags';
import { findSchedules } from './schedules';
import { readTitleBlock } from './title-block';
import {
  agreedScale,
  crossedPair,
  feetOfDimension,
  feetOfMillimetres,
  inMetricUnit,
  pairedDimensions,
  feetOfMetres,
  type Piece,
} from './dimension-scale';
import { readPageGeometry, type PageGeometry } from './page-geometry';
import { drawingsAtScales } from './drawing-regions';
import { calibratedDrawings, takeoffOfDrawings } from './several-scales';
import { scaleFromRoomSizes } from './scale-from-room-sizes';
import { measuredAtPrintedAreas } from './scale-from-printed-areas';
import { oneScaleBar, scaleBars } from './scale-bar';
import { pageScaleOf } from './page-scale';
import { openPdf, paintsImageOverSize, type OpenPdf, type PdfJs, type PdfJsWorker } from './pdf-document';
import { roomNoteWarning } from './page-rooms';
import { takeoffPage, type PageTakeoff } from './page-takeoff';
import { mayHoldShxComments, shxTextRuns, type AnnotationData } from './shx-text';
import { roomsApart } from '../rooms-apart';

/**
 * Calibrated scales by page number (1-based): real feet per PDF point, and the line measured, where it was kept
 * (AnalysisOverrides.pageScales).
 */
export type PageScales = Record<
  number,
  { feetPerPoint: number; line?: { from: [number, number]; to: [number, number] } }
>;

/** pdf.js needs the whole file in memory; beyond this a PDF is refused rather than risk the service. */
const MAX_PDF_BYTES = 300 * 1024 * 1024;
/** Images larger than this (pixels) are not decoded: a scan's pixels are not needed to know it is a scan. */
const MAX_DECODED_IMAGE_PIXELS = 4_000_000;
/**
 * Pages larger than legal paper (8.5" × 14", in square points) are drawing sheets: read without their
 * images first (see analyzePdf).
 */
const LARGEST_TEXT_PAGE_AREA = 612 * 1008;
/** A page with fewer vector paths than this has next to no linework: with an image over it, it is a scan. */
const SCAN_MAX_PATHS = 50;
const CLEANUP_EVERY_PAGES = 10;
/** Words in a sentence sit closer than this many text heights; columns and side-by-side blocks further. */
const PHRASE_GAP_HEIGHTS = 3;
/** A page with this many dimension strings paired with their lines is a drawing to a scale. */
const DIMENSIONED_PLAN = 3;

let pdfjs: Promise<{ pdfjs: PdfJs; worker: PdfJsWorker }> | undefined;

/** pdf.js ships as ES modules only; loaded once, on first use. */
function loadPdfJs(): Promise<{ pdfjs: PdfJs; worker: PdfJsWorker }> {
  pdfjs ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.mjs' as string) as Promise<PdfJsWorker>,
  ]).then(([pdfjs, worker]) => ({ pdfjs, worker }));
  return pdfjs;
}

/** `overrides` are the document's stored corrections (AnalysisOverrides); the PDF reader uses the page scales. */
export async function analyzePdf(
  input: DocumentInput,
  overrides: { pageScales?: PageScales; pageBoundaries?: AnalysisOverrides['pageBoundaries'] } = {},
): Promise<DocumentAnalysis> {
  const { pageScales, pageBoundaries } = overrides;
  const bytes = await inputBytes(input, MAX_PDF_BYTES);
  if (bytes.length === 0) throw new DocumentReadError('The PDF file is empty.');
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) {
    throw new DocumentReadError('The file is not a PDF: it does not start with the %PDF- signature.');
  }
  const loaded = await loadPdfJs();
  const { pdfjs } = loaded;
  let opened: OpenPdf;
  try {
    opened = await openPdf(loaded, bytes, MAX_DECODED_IMAGE_PIXELS);
  } catch (error) {
    throw new DocumentReadError(describePdfError(error));
  }
  const { document, port } = opened;
  // A drawing sheet's images (hatch tiles, logos, stamps: the VA sheet has some 12,000 small inline images)
  // matter only to tell a scan, and only on a sheet with next to no linework. Its linework is read from a
  // second opening of the file in which pdf.js decodes no image, opened on the first such sheet; a sheet
  // that turns out to have next to no linework is read again here, images and all.
  let withoutImages: Promise<OpenPdf> | undefined;
  const shxComments = mayHoldShxComments(bytes);

  const pages: PageAnalysis[] = [];
  const quantities: Quantity[] = [];
  const warnings: string[] = [];
  const pagesWithoutText: number[] = [];
  const rasterPages: number[] = [];
  const blankPages: number[] = [];
  const unscaledPages: number[] = [];
  const rooms: Room[] = [];
  const layers: LayerTotals[] = [];
  const symbols: SymbolCount[] = [];
  const roomNotes: RoomNote[] = [];
  try {
    const optionalContent = await document.getOptionalContentConfig().catch(() => undefined);
    const ocgName = (id: string): string | undefined => {
      try {
        return (optionalContent?.getGroup(id) as { name?: string } | null | undefined)?.name ?? undefined;
      } catch {
        return undefined;
      }
    };
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      // The text comes from the same operators as the geometry: one parse of the page's content, not two.
      let geometry: PageGeometry | undefined;
      if (viewport.width * viewport.height > LARGEST_TEXT_PAGE_AREA) {
        withoutImages ??= openPdf(loaded, bytes, 0);
        const sheet = await withoutImages;
        const linework = await sheet.document.getPage(number);
        const read = await readPageGeometry(pdfjs, linework, viewport.transform, ocgName, sheet.port);
        linework.cleanup();
        if (read.paths.length >= SCAN_MAX_PATHS) geometry = read;
      }
      geometry ??= await readPageGeometry(pdfjs, page, viewport.transform, ocgName, port);
      // AutoCAD's SHX lettering is drawn as strokes, its strings kept in hidden comments (shx-text.ts).
      const annotations = shxComments
        ? ((await page.getAnnotations({ intent: 'any' }).catch(() => [])) as AnnotationData[])
        : [];
      const runs: PlacedRun[] = [
        ...geometry.runs,
        ...shxTextRuns(
          annotations,
          (rect) => [
            ...viewport.convertToViewportPoint(rect[0], rect[1]),
            ...viewport.convertToViewportPoint(rect[2], rect[3]),
          ],
          geometry.runs,
        ),
      ];
      page.cleanup();
      // pdf.js keeps each page it has read (and its fonts) on the worker side: let them go every few
      // pages, so a long set is read in the memory of a few sheets.
      if (number % CLEANUP_EVERY_PAGES === 0) {
        await document.cleanup();
        await (await withoutImages)?.document.cleanup();
      }
      const lines = linesOf(runs);
      // Blocks side by side on a sheet share baselines: a wide gap ends a phrase.
      const phrases = lines.flatMap((line) => segmentsOf(line, PHRASE_GAP_HEIGHTS));
      const text = phrases.map((l) => l.text).join('\n');
      const { sheetNumber, title } = readTitleBlock(phrases, viewport.width, viewport.height);
      const notes = findScales(text);
      // Plans with enlarged plans or details beside them: each drawing at the scale noted under it, the page's
      // scale its largest drawing's; where the drawings cannot be told apart, the commonest note for all. A
      // calibration corrects every drawing alike; one stored without its line holds for the whole page.
      const calibration = pageScales?.[number];
      const noted =
        notes.length > 1 && (!calibration || calibration.line)
          ? drawingsAtScales(geometry.paths, phrases, { width: viewport.width, height: viewport.height })
          : undefined;
      const drawings =
        noted && calibration?.line ? calibratedDrawings(noted, { ...calibration, line: calibration.line }) : noted;
      const note = drawings?.[0].note ?? notes[0];
      if (drawings) {
        const factor = drawings[0].feetPerPoint / noted![0].feetPerPoint;
        warnings.push(
          `Page ${number} has drawings at several scales (${drawings.map((d) => d.note).join(', ')}): each is ` +
            (calibration
              ? `measured at the scale noted under it corrected by the page's calibration (lengths × ${round(factor)}), `
              : 'measured at the scale noted under it, ') +
            `and so is what you measure inside it by hand; the page's scale is ${note}, its largest drawing's.`,
        );
      } else if (notes.length > 1 && !calibration) {
        warnings.push(
          `Page ${number} has drawings at several scales (${notes.join(', ')}): its quantities use ${note}. ` +
            'If the plan you measure is at another, calibrate the page.',
        );
      }
      const schedules = findSchedules(lines);
      // Calibrated, the page's scale is its main drawing's as corrected (the calibration itself where it holds for all).
      const calibrated = calibration && (drawings ? drawings[0].feetPerPoint : calibration.feetPerPoint);
      let scale = pageScaleOf(note === 'NTS' ? undefined : note, calibrated);
      // Only a page with dimension strings needs its straight pieces gathered.
      // A metric note (1:50): dimensions written as bare millimetres count too.
      const metric = note !== undefined && /^1:\d+(?:\.\d+)?$/.test(note);
      // The page's straight pieces, gathered once for whichever pairing needs them.
      let pieces: Piece[] | undefined;
      const piecesOfPage = () => (pieces ??= straightPieces(geometry));
      // A sheet with no note writing no feet and inches may dimension in metres (17,38).
      const inMetres =
        !note &&
        !phrases.some((p) => feetOfDimension(p.text) !== undefined) &&
        phrases.some((p) => feetOfMetres(p.text) !== undefined);
      const paired =
        inMetres ||
        phrases.some(
          (p) => feetOfDimension(p.text) !== undefined || (metric && feetOfMillimetres(p.text) !== undefined),
        )
          ? pairedDimensions(phrases, piecesOfPage(), metric, inMetres)
          : [];
      const read = paired.map((d) => d.feet / d.length);
      // Bare figures repeat (a 140 wall written at every wall, each over a line of the same length) and pair
      // with stray lines more often than 25'-6" does: on a metric sheet only dimensions of different lengths
      // count, and at least three of them and half of all must agree.
      const measured = metric && scale ? inMetricUnit([...new Set(read)], scale.feetPerPoint) : read;
      // A takeoff already done at the page's scale, while reading that scale from its room sizes.
      let readAtScale: PageTakeoff | undefined;
      // A scale bar measures true however the sheet was printed: it corrects a note the print does not keep (a
      // reduced set), and gives a sheet without a note its scale. Not on a sheet of drawings at several scales.
      const bar =
        !calibration && !drawings && note !== 'NTS' ? oneScaleBar(scaleBars(lines, geometry.paths)) : undefined;
      if (bar && scale && Math.abs(bar.feetPerPoint / scale.feetPerPoint - 1) > 0.02) {
        const printed = printedAtOtherSize(
          number,
          scale,
          bar.feetPerPoint,
          `its scale bar (0 to ${bar.span}) measures true, so the page is measured at the bar’s scale`,
        );
        warnings.push(printed.warning);
        scale = printed.scale;
      } else if (bar && !scale) {
        warnings.push(
          `Page ${number} has no scale note: its scale is read from its scale bar (0 to ${bar.span}). ` +
            'Check it, or calibrate the page.',
        );
        scale = { feetPerPoint: bar.feetPerPoint, source: 'dimensions' };
      }
      if (!scale && note !== 'NTS') {
        // No note: three or more dimension strings agreeing on their lines give the scale (or two across each
        // other, the overall width and depth), else the room sizes written in its tags (a residential plan
        // printed without a note).
        const quorum = agreedScale(measured);
        const crossed = quorum === undefined ? crossedPair(paired) : undefined;
        const agreed = quorum ?? crossed?.feetPerPoint;
        const sized =
          agreed === undefined && geometry.paths.length > 0
            ? scaleFromRoomSizes(
                number,
                geometry,
                phrases,
                { width: viewport.width, height: viewport.height },
                pageBoundaries?.[number]?.lines,
              )
            : undefined;
        if (agreed) scale = { feetPerPoint: agreed, source: 'dimensions' };
        if (crossed)
          warnings.push(
            `Page ${number} has no scale note: its scale is read from two dimension strings alone ` +
              `(${crossed.texts.join(' and ')}). Check it, or calibrate the page.`,
          );
        else if (sized) {
          scale = { feetPerPoint: sized.feetPerPoint, source: 'dimensions' };
          readAtScale = sized.takeoff;
          const named = sized.rooms.slice(0, 3).join(', ') + (sized.rooms.length > 3 ? ', …' : '');
          warnings.push(
            `Page ${number} has no scale note: its scale${sized.note ? `, ${sized.note},` : ''} is read from the room ` +
              `sizes written in its tags (${named}). Check it, or calibrate the page.`,
          );
        }
      } else if (scale?.source === 'scale-note') {
        const agreed = agreedScale(measured, metric ? Math.max(3, Math.ceil(measured.length / 2)) : 2);
        // On a sheet of several drawings, the dimensions may be any drawing's.
        const drawn = drawings?.map((d) => d.feetPerPoint) ?? [scale.feetPerPoint];
        if (agreed && drawn.every((feetPerPoint) => Math.abs(agreed / feetPerPoint - 1) > 0.02)) {
          // Measured at the note, a line written as L comes to L × note / agreed.
          const percent = Math.round(Math.abs(scale.feetPerPoint / agreed - 1) * 100);
          warnings.push(
            `Page ${number}: the dimensions written on the sheet do not match its scale note ${scale.note}: ` +
              `measured at that scale, their dimension lines come to ${percent}% ${agreed > scale.feetPerPoint ? 'less' : 'more'} than the figures written on them. ` +
              'Check the note, or calibrate the page.',
          );
        }
      }
      const vectorPaths = geometry.paths.length;
      // A scan: an image over most of the page with next to no linework, or a page with nothing on it
      // but an image (one too large to decode is left out of the page by pdf.js: asked for; a blank page
      // is no scan).
      const nothingDrawn = vectorPaths === 0 && !text.trim();
      const raster =
        (geometry.imageCoverage >= 0.5 && vectorPaths < SCAN_MAX_PATHS) ||
        (nothingDrawn &&
          (geometry.imageCoverage > 0 || (await paintsImageOverSize(loaded, bytes, number, MAX_DECODED_IMAGE_PIXELS))));
      // Nothing on it at all ("this page intentionally left blank" has its words): not a page without text.
      if (nothingDrawn && !raster) blankPages.push(number);
      else if (!text.trim()) pagesWithoutText.push(number);
      const analysis: PageAnalysis = {
        number,
        text,
        widthPts: round(viewport.width),
        heightPts: round(viewport.height),
        scale,
      };
      if (drawings)
        analysis.drawings = drawings.flatMap(({ note, feetPerPoint, boxes }) =>
          boxes.map((box) => ({
            note,
            feetPerPoint,
            box: box.map((v) => round(v)) as [number, number, number, number],
          })),
        );
      if (raster) {
        analysis.raster = true;
        rasterPages.push(number);
      }
      if (sheetNumber) analysis.sheetNumber = sheetNumber;
      if (title) analysis.title = title;
      if (schedules.length) analysis.schedules = schedules;
      pages.push(analysis);
      if (!raster && vectorPaths > 0) {
        const size = { width: viewport.width, height: viewport.height };
        const boundaries = pageBoundaries?.[number]?.lines;
        let takeoff = drawings
          ? takeoffOfDrawings(number, geometry, drawings, size, boundaries)
          : (readAtScale ?? takeoffPage(number, geometry, phrases, size, scale?.feetPerPoint, boundaries));
        // Printed at another size than its note says, with no scale bar to tell: the areas printed in its
        // room tags tell, where the page measured again at their scale matches them (scale-from-printed-areas.ts).
        const printed =
          scale?.source === 'scale-note' && !drawings
            ? measuredAtPrintedAreas(takeoff.rooms, scale.feetPerPoint, (feetPerPoint) =>
                takeoffPage(number, geometry, phrases, size, feetPerPoint, boundaries),
              )
            : undefined;
        if (printed && scale) {
          const named = printed.rooms.slice(0, 3).join(', ') + (printed.rooms.length > 3 ? ', …' : '');
          const atOtherSize = printedAtOtherSize(
            number,
            scale,
            printed.feetPerPoint,
            `measured at the note, its rooms come to ${Math.round(100 / printed.factor ** 2)}% of the areas their ` +
              `tags give (${named}), so the page is measured at the scale those areas give`,
          );
          warnings.push(atOtherSize.warning);
          scale = atOtherSize.scale;
          analysis.scale = scale;
          takeoff = printed.takeoff;
        }
        // Each page's rooms of one name told apart, in reading order (rooms-apart.ts).
        rooms.push(...roomsApart(takeoff.rooms));
        layers.push(...takeoff.layers);
        symbols.push(...takeoff.symbols);
        roomNotes.push(...takeoff.roomNotes);
        warnings.push(...takeoff.roomNotes.map(roomNoteWarning));
        // A plan without a scale needs one: it has door swings, or dimension strings on their dimension lines
        // (25'-6", or 4280 read as millimetres: a schedule's figures, colour numbers and sizes, sit on none).
        // A schedule or notes sheet does not.
        const plan =
          takeoff.symbols.some((s) => s.name === 'door') ||
          (!scale &&
            (paired.length >= DIMENSIONED_PLAN ||
              (!metric &&
                phrases.some((p) => feetOfMillimetres(p.text) !== undefined) &&
                pairedDimensions(phrases, piecesOfPage(), true).length >= DIMENSIONED_PLAN)));
        if (!scale && plan) unscaledPages.push(number);
      }
      const tagHolding = tagOfPrintedArea(phrases);
      for (const phrase of phrases) {
        for (const match of quantitiesInLine(phrase.text)) {
          quantities.push({
            description: describeQuantity(
              match,
              match.context ? '' : (tagHolding(phrase) ?? labelNear(phrase, phrases)),
            ),
            quantity: match.quantity,
            unit: match.unit,
            source: sheetNumber ? { page: number, sheet: sheetNumber } : { page: number },
          });
        }
      }
    }
  } finally {
    await opened.close();
    await (await withoutImages?.catch(() => undefined))?.close();
  }
  if (pagesWithoutText.length) {
    warnings.push(
      `${pagesWithoutText.length === 1 ? 'Page' : 'Pages'} ${pagesWithoutText.join(', ')} ` +
        (pagesWithoutText.length === 1
          ? 'has no text layer (a scanned or flattened drawing); its text and quantities could not be read.'
          : 'have no text layer (scanned or flattened drawings); their text and quantities could not be read.'),
    );
  }
  if (blankPages.length) {
    warnings.push(
      `${blankPages.length === 1 ? 'Page' : 'Pages'} ${blankPages.join(', ')} ${blankPages.length === 1 ? 'is' : 'are'} blank: ` +
        `there is nothing on ${blankPages.length === 1 ? 'it' : 'them'} to read or measure.`,
    );
  }
  if (rasterPages.length) {
    warnings.push(
      `${rasterPages.length === 1 ? 'Page' : 'Pages'} ${rasterPages.join(', ')} ${rasterPages.length === 1 ? 'is a scanned image' : 'are scanned images'}: ` +
        `nothing on ${rasterPages.length === 1 ? 'it' : 'them'} can be measured automatically. Calibrate the scale and measure by hand.`,
    );
  }
  if (unscaledPages.length) {
    warnings.push(
      `${unscaledPages.length === 1 ? 'Page' : 'Pages'} ${unscaledPages.join(', ')} ${unscaledPages.length === 1 ? 'has' : 'have'} no scale (not to scale, or no scale note): ` +
        'calibrate the scale to measure rooms and lengths on ' +
        (unscaledPages.length === 1 ? 'it.' : 'them.'),
    );
  }
  const analysis: DocumentAnalysis = { status: 'analyzed', kind: 'pdf', pages, warnings, quantities };
  if (rooms.length) analysis.rooms = rooms;
  if (layers.length) analysis.layers = layers;
  if (symbols.length) analysis.symbols = symbols;
  if (roomNotes.length) analysis.roomNotes = roomNotes;
  return analysis;
}

/**
 * The straight pieces of the page's paths, for pairing dimension strings with their lines (stroked) and
 * finding the arrowheads and extension lines at the lines' ends (stroked or filled).
 */
function straightPieces(geometry: PageGeometry): Piece[] {
  const pieces: Piece[] = [];
  for (const path of geometry.paths) {
    // Of the fills, only arrowheads matter: one small closed shape (a triangle, a tick's quad), not a hatch.
    if (!path.stroked && (path.subpaths.length !== 1 || path.subpaths[0].length > 5)) continue;
    for (const points of path.subpaths)
      for (let k = 1; k < points.length; k++) pieces.push({ a: points[k - 1], b: points[k], stroked: path.stroked });
  }
  return pieces;
}

/**
 * The name of the room tag an area line belongs to ("411 SF" under "CORRIDOR" "CE-2"), for describing the area
 * as its room is named: the lines next to it may be another tag's.
 */
function tagOfPrintedArea(phrases: readonly TextLine[]): (phrase: TextLine) => string | undefined {
  if (!phrases.some((p) => printedArea(p.text) !== undefined)) return () => undefined;
  const tags = roomTags(phrases.flatMap((p) => stringsApart(p, (t) => feetOfDimension(t) !== undefined)));
  return (phrase) => {
    const { x, y } = middleOf(phrase);
    return tags.find(
      ({ printedAreaSqFt, box }) =>
        printedAreaSqFt !== undefined &&
        printedAreaSqFt === printedArea(phrase.text) &&
        x >= box.minX &&
        x <= box.maxX &&
        y >= box.minY &&
        y <= box.maxY,
    )?.name;
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * What a bare quantity ("557 SF" in a room tag) labels: the phrases stacked
 * right above and below it, nearest first.
 */
function labelNear(phrase: TextLine, phrases: TextLine[]): string {
  const reach = phrase.height * 3.5;
  return phrases
    .filter(
      (p) =>
        p !== phrase &&
        Math.abs(p.y - phrase.y) <= reach &&
        p.right >= phrase.x - phrase.height * 2 &&
        p.x <= phrase.right + phrase.height * 2 &&
        /[A-Za-z]{2,}/.test(p.text) &&
        !hasQuantity(p.text),
    )
    .sort((a, b) => Math.abs(a.y - phrase.y) - Math.abs(b.y - phrase.y))
    .slice(0, 3)
    .sort((a, b) => a.y - b.y)
    .map((p) => p.text)
    .join(' ');
}

function describePdfError(error: unknown): string {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'PasswordException') {
    return 'The PDF is password-protected; remove the password (or print it to a new PDF) and upload it again.';
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `The PDF file is corrupt or truncated: ${detail}.`;
}

/**
 * A page printed at another size than its note says, measured at `feetPerPoint`, the scale the sheet itself
 * gives (its scale bar, its rooms' printed areas): that scale, the note kept, and the warning saying `why`.
 */
function printedAtOtherSize(
  number: number,
  scale: NonNullable<PageAnalysis['scale']>,
  feetPerPoint: number,
  why: string,
): { scale: NonNullable<PageAnalysis['scale']>; warning: string } {
  const percent = Math.round((scale.feetPerPoint / feetPerPoint) * 100);
  return {
    scale: { ...(scale.note ? { note: scale.note } : {}), feetPerPoint, source: 'dimensions' },
    warning: `Page ${number} is printed at ${percent}% of its scale note ${scale.note}: ${why}. Check it, or calibrate the page.`,
  };
}
