/**
 * AutoCAD's lettering in SHX fonts (its own stroke fonts, the default in
 * many templates) cannot be written as PDF text: its plot draws the letters
 * as strokes and keeps each string as a hidden comment titled "AutoCAD SHX
 * Text" (a Square annotation holding the string, its rectangle round the
 * letters). Such a sheet has no text layer for its room names or its scale
 * note; these comments are its text.
 */
import type { PlacedRun } from './pdf-layout';

/** The title AutoCAD gives the comments that carry its SHX text (compared case-blind). */
const SHX_TITLE = 'autocad shx text';

/**
 * Whether the file may hold SHX comments: their title as plain, UTF-16 or hex
 * text, or objects compressed out of sight. Asking pdf.js for a page's
 * annotations costs a read of all its text when the page has a link on it
 * (0.45 s on a 42" sheet), so a file that cannot hold them is not asked.
 */
export function mayHoldShxComments(bytes: Uint8Array): boolean {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return ['SHX', 'shx', '\0S\0H\0X', '534858', '005300480058', '/ObjStm'].some(
    (form) => file.indexOf(form, 0, 'latin1') >= 0,
  );
}

/** The fields of pdf.js's annotation data read here. */
export interface AnnotationData {
  subtype?: string;
  rect?: ArrayLike<number>;
  titleObj?: { str?: string };
  contentsObj?: { str?: string };
}

/**
 * The SHX comments' strings as runs in page points (`toPage` maps a PDF-space
 * rectangle to page points). A rectangle taller than wide holding a few
 * characters is text written up the sheet. A string the text layer already
 * has at that place is not added again.
 */
export function shxTextRuns(
  annotations: readonly AnnotationData[],
  toPage: (rect: number[]) => number[],
  existing: readonly PlacedRun[],
): PlacedRun[] {
  const runs: PlacedRun[] = [];
  for (const annotation of annotations) {
    if (annotation.titleObj?.str?.trim().toLowerCase() !== SHX_TITLE || !annotation.rect) continue;
    const lines = (annotation.contentsObj?.str ?? '')
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const [ax, ay, bx, by] = toPage(Array.from(annotation.rect));
    const minX = Math.min(ax, bx);
    const maxX = Math.max(ax, bx);
    const minY = Math.min(ay, by);
    const maxY = Math.max(ay, by);
    const width = maxX - minX;
    const height = maxY - minY;
    if (!(width > 0 && height > 0)) continue;
    const upright = lines.length === 1 && lines[0].length >= 3 && height > width;
    if (upright) {
      // Read up the sheet: the baseline on the rectangle's right, the letters standing to its left.
      runs.push({
        text: lines[0],
        x: maxX,
        y: maxY,
        width: height,
        height: width,
        horizontal: false,
        direction: { x: 0, y: -1 },
        drawn: true,
      });
      continue;
    }
    // Lines of a multi-line string share its rectangle, top to bottom.
    const lineHeight = height / lines.length;
    lines.forEach((text, k) =>
      runs.push({
        text,
        x: minX,
        y: minY + lineHeight * (k + 1),
        width,
        height: lineHeight,
        horizontal: true,
        drawn: true,
      }),
    );
  }
  return runs.filter((run) => !existing.some((other) => sameString(run, other)));
}

/** The same string within the other's reach (the text layer has it already). */
function sameString(run: PlacedRun, other: PlacedRun): boolean {
  if (other.text.trim() !== run.text) return false;
  const reach = Math.max(run.height, other.height);
  return Math.abs(other.x - run.x) <= reach + run.width && Math.abs(other.y - run.y) <= reach + run.width;
}

/**
 * The paths that are the strokes of drawn lettering: each lies within the box
 * of one run whose letters are drawn (grown by a fifth of its height, for
 * strokes on its edge). Indices into `paths`.
 */
export function letteringPaths(
  paths: ReadonlyArray<{ subpaths: ReadonlyArray<ReadonlyArray<{ x: number; y: number }>> }>,
  runs: readonly PlacedRun[],
): Set<number> {
  const found = new Set<number>();
  const boxes = runs
    .filter((run) => run.drawn)
    .map((run) => {
      const grow = Math.min(run.width, run.height) * 0.2;
      // A run up the sheet has its letters to the left of its baseline (shxTextRuns).
      const [minX, maxX, minY, maxY] = run.horizontal
        ? [run.x, run.x + run.width, run.y - run.height, run.y]
        : [run.x - run.height, run.x, run.y - run.width, run.y];
      return { minX: minX - grow, maxX: maxX + grow, minY: minY - grow, maxY: maxY + grow };
    });
  if (boxes.length === 0) return found;
  // Boxes by the cells of a grid they cover, to look up the few round each path.
  const cell = Math.max(...boxes.map((b) => Math.max(b.maxX - b.minX, b.maxY - b.minY)));
  const buckets = new Map<number, number[]>();
  const keyOf = (cx: number, cy: number) => cx * 4_194_304 + cy;
  boxes.forEach((b, i) => {
    for (let cx = Math.floor(b.minX / cell); cx <= Math.floor(b.maxX / cell); cx++)
      for (let cy = Math.floor(b.minY / cell); cy <= Math.floor(b.maxY / cell); cy++) {
        const key = keyOf(cx, cy);
        const bucket = buckets.get(key);
        if (bucket) bucket.push(i);
        else buckets.set(key, [i]);
      }
  });
  paths.forEach((path, owner) => {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const points of path.subpaths)
      for (const p of points) {
        minX = Math.min(minX, p.x);
        maxX = Math.max(maxX, p.x);
        minY = Math.min(minY, p.y);
        maxY = Math.max(maxY, p.y);
      }
    if (!(minX <= maxX)) return;
    const candidates = buckets.get(keyOf(Math.floor(minX / cell), Math.floor(minY / cell))) ?? [];
    if (
      candidates.some(
        (i) => boxes[i].minX <= minX && boxes[i].maxX >= maxX && boxes[i].minY <= minY && boxes[i].maxY >= maxY,
      )
    )
      found.add(owner);
  });
  return found;
}
