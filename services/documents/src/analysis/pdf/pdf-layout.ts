/**
 * Positioned text of a PDF page: pdf.js text items turned into lines, in page
 * coordinates with the origin at the top left (y grows downwards), so "below"
 * means a larger y whatever the page's rotation.
 */

export interface PlacedRun {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** False for text running at an angle (rotated labels), which does not form table rows. */
  horizontal: boolean;
  /** For text at an angle: the unit vector along its baseline, in page points (y down). */
  direction?: { x: number; y: number };
  /** Its letters are drawn as strokes on the page (AutoCAD's SHX text): the strokes in its box are lettering. */
  drawn?: boolean;
}

export interface TextLine {
  runs: PlacedRun[];
  text: string;
  x: number;
  y: number;
  right: number;
  height: number;
}

/** Groups runs sharing a baseline into lines, top to bottom, left to right. */
export function linesOf(runs: PlacedRun[]): TextLine[] {
  const horizontal = onTheirBaselines(runs.filter((r) => r.horizontal && r.text.trim()));
  horizontal.sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextLine[] = [];
  let current: PlacedRun[] = [];
  const flush = () => {
    if (current.length === 0) return;
    current.sort((a, b) => a.x - b.x);
    lines.push(lineOf(current));
    current = [];
  };
  for (const run of horizontal) {
    const anchor = current[0];
    // Same baseline within 40% of the smaller text height (a big title beside small text is not one line).
    if (anchor && Math.abs(run.y - anchor.y) > Math.min(anchor.height, run.height) * 0.4) flush();
    current.push(run);
  }
  flush();
  // Rotated runs (vertical labels) are kept as lines of their own so their words are not lost.
  for (const run of runs) if (!run.horizontal && run.text.trim()) lines.push(lineOf([run]));
  return lines;
}

/**
 * The runs with each superscript (the 2 of "m²" set as a small raised "2", as ArchiCAD writes "A: 11.32 m²")
 * joined to the run it follows, as one run on that run's baseline: a run of up to three characters, at most
 * 80% as tall, starting where that run ends and raised by a tenth to two thirds of its height.
 */
function onTheirBaselines(runs: PlacedRun[]): PlacedRun[] {
  // Runs by where they end, in cells of BUCKET points: a superscript's run ends within 0.15 of its height.
  const BUCKET = 5;
  const byEnd = new Map<number, PlacedRun[]>();
  for (const r of runs) {
    const key = Math.round((r.x + r.width) / BUCKET);
    const list = byEnd.get(key);
    if (list) list.push(r);
    else byEnd.set(key, [r]);
  }
  const raised = new Map<PlacedRun, PlacedRun>();
  for (const run of runs) {
    if (run.text.trim().length > 3) continue;
    const key = Math.round(run.x / BUCKET);
    const base = [key - 1, key, key + 1]
      .flatMap((k) => byEnd.get(k) ?? [])
      .find(
        (r) =>
          r !== run &&
          !raised.has(r) &&
          run.height <= r.height * 0.8 &&
          Math.abs(run.x - (r.x + r.width)) <= Math.min(r.height * 0.15, BUCKET) &&
          r.y - run.y >= r.height * 0.1 &&
          r.y - run.y <= r.height * 0.67,
      );
    if (base && !raised.has(base)) raised.set(run, base);
  }
  if (raised.size === 0) return runs;
  const joined = new Map<PlacedRun, PlacedRun>();
  for (const [sup, base] of raised) {
    const current = joined.get(base) ?? base;
    joined.set(base, { ...current, text: current.text + sup.text, width: sup.x + sup.width - current.x });
  }
  return runs.filter((r) => !raised.has(r)).map((r) => joined.get(r) ?? r);
}

function lineOf(runs: PlacedRun[]): TextLine {
  let text = '';
  let previous: PlacedRun | undefined;
  for (const run of runs) {
    if (previous) {
      const gap = run.x - (previous.x + previous.width);
      // Runs that touch are one word; a gap, or an overlap (labels printed over each other), separates words.
      if (Math.abs(gap) > run.height * 0.05 && !text.endsWith(' ') && !run.text.startsWith(' ')) text += ' ';
    }
    text += run.text;
    previous = run;
  }
  const last = runs[runs.length - 1];
  return {
    runs,
    text: text.replace(/\s+/g, ' ').trim(),
    x: runs[0].x,
    y: runs[0].y,
    right: last.x + last.width,
    height: Math.max(...runs.map((r) => r.height)),
  };
}

/**
 * Splits a line where runs are far apart (side-by-side notes, legends and
 * tables share baselines on big sheets): a gap wider than `gapInHeights` text heights.
 */
export function segmentsOf(line: TextLine, gapInHeights: number): TextLine[] {
  return partedWhere(
    line,
    (previous, run) => run.x - (previous.x + previous.width) > gapInHeights * Math.max(run.height, previous.height),
  );
}

/** Splits a line between each two neighbouring runs that `parted` says are apart. */
export function partedWhere(line: TextLine, parted: (previous: PlacedRun, run: PlacedRun) => boolean): TextLine[] {
  const segments: TextLine[] = [];
  let current: PlacedRun[] = [];
  for (const run of line.runs) {
    const previous = current[current.length - 1];
    if (previous && parted(previous, run)) {
      segments.push(lineOf(current));
      current = [];
    }
    current.push(run);
  }
  if (current.length) segments.push(lineOf(current));
  return segments;
}

/** The part of a line between two x positions (runs starting inside), or undefined if none. */
export function clipLine(line: TextLine, left: number, right: number): TextLine | undefined {
  const runs = line.runs.filter((r) => r.x >= left && r.x < right);
  return runs.length ? lineOf(runs) : undefined;
}

/**
 * Splits off the parts of a line that are strings of their own (`isOwnString`,
 * e.g. a dimension "58'-5"") where a gap of more than half a text height
 * separates them from the rest: a dimension written beside a room tag shares
 * its baseline but is not part of the tag.
 */
export function stringsApart(line: TextLine, isOwnString: (text: string) => boolean): TextLine[] {
  if (line.runs.length < 2) return [line];
  const chunks: PlacedRun[][] = [];
  for (const run of line.runs) {
    const current = chunks[chunks.length - 1];
    const previous = current?.[current.length - 1];
    if (previous && run.x - (previous.x + previous.width) <= Math.max(run.height, previous.height) * 0.5)
      current.push(run);
    else chunks.push([run]);
  }
  if (chunks.length < 2) return [line];
  const own = chunks.map((runs) => isOwnString(lineOf(runs).text));
  if (!own.some(Boolean)) return [line];
  // Neighbouring chunks that are not such strings stay one line.
  const merged: PlacedRun[][] = [];
  chunks.forEach((runs, k) => {
    if (k > 0 && !own[k] && !own[k - 1]) merged[merged.length - 1].push(...runs);
    else merged.push([...runs]);
  });
  return merged.map(lineOf);
}
