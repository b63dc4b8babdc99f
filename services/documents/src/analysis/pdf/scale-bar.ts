/**
 * A graphic scale bar ("0 1' 2' 4' 8'", "0 5 10 20 FEET", "0 1 2 5 m"), read
 * from its labels and the ticks drawn at them. A bar is printed with the
 * drawing: on a sheet printed smaller or larger than its scale note says (a
 * half-size set, a plan reduced to letter), the bar still measures true, as an
 * estimator checks it with a ruler.
 */
import type { PagePath } from './page-geometry';
import type { TextLine } from './pdf-layout';

export interface ScaleBar {
  feetPerPoint: number;
  /** Its longest label, as written ("8'", "20 FEET"). */
  span: string;
}

const FEET_PER_METRE = 3.280839895013123;
/** A label: a figure, with its unit or not ("8'", "10FT", "5m", "0"). */
const LABEL = /^(\d{1,4}(?:\.\d+)?)\s*(['′’]|ft|feet|m|meters?|metres?)?$/i;
/** The unit written once after the figures ("0 4 8 16 FEET"). */
const UNIT = /^(?:['′’]|ft\.?|feet|foot|m|meters?|metres?)$/i;
/** A bar's labels lie on a line within this many of their heights of its tick marks. */
const TICK_REACH_HEIGHTS = 3;
/** Each label's tick is this close to its centre, in label heights (a label sits centred on its tick). */
const TICK_OFFSET_HEIGHTS = 0.8;
/** The ticks lie on one straight scale: none is further than this share of the bar's length from it. */
const LINEAR = 0.01;

interface Label {
  value: number;
  /** Its centre across the page, and its baseline. */
  x: number;
  y: number;
  height: number;
  text: string;
}

/** The words of a line with the centre of each, spread over its run by the share of the letters before it. */
function wordsOf(line: TextLine): Array<{ text: string; x: number; y: number; height: number }> {
  return line.runs.flatMap((run) => {
    const out: Array<{ text: string; x: number; y: number; height: number }> = [];
    const length = run.text.length || 1;
    for (const match of run.text.matchAll(/\S+/g)) {
      const centre = (match.index + match[0].length / 2) / length;
      out.push({ text: match[0], x: run.x + run.width * centre, y: run.y, height: run.height });
    }
    return out;
  });
}

/** The labels of a bar on a line: from a 0, figures growing left to right, in one unit said on them or after them. */
function labelRuns(line: TextLine): Array<{ labels: Label[]; feetPerUnit: number }> {
  const words = wordsOf(line);
  const found: Array<{ labels: Label[]; feetPerUnit: number }> = [];
  for (let start = 0; start < words.length; start++) {
    const first = LABEL.exec(words[start].text);
    if (!first || Number(first[1]) !== 0) continue;
    const labels: Label[] = [];
    const units = new Set<string>();
    let k = start;
    for (; k < words.length; k++) {
      const m = LABEL.exec(words[k].text);
      if (!m || (labels.length && Number(m[1]) <= labels[labels.length - 1].value)) break;
      if (m[2]) units.add(unitOf(m[2]));
      labels.push({ ...words[k], value: Number(m[1]) });
    }
    const after = words[k] && UNIT.test(words[k].text) ? unitOf(words[k].text) : undefined;
    if (after) units.add(after);
    if (labels.length >= 3 && units.size === 1)
      found.push({ labels, feetPerUnit: [...units][0] === 'm' ? FEET_PER_METRE : 1 });
    start = k - 1;
  }
  return found;
}

const unitOf = (text: string) => (/^m/i.test(text) ? 'm' : 'ft');

/**
 * The page's scale bars: labels on one line and a tick drawn at each (a
 * vertical line, or the edge of the bar's boxes, just above or below it), the
 * ticks spaced as the figures are. Figures on a line with no ticks under them
 * (a schedule's row of sizes) are none.
 */
export function scaleBars(lines: readonly TextLine[], paths: readonly PagePath[]): ScaleBar[] {
  const candidates = lines.flatMap(labelRuns);
  if (!candidates.length) return [];
  // The vertical strokes and edges near the candidates' labels, in one pass over the page's paths.
  const near = (x: number, y: number) =>
    candidates.some(({ labels }) =>
      labels.some((l) => Math.abs(x - l.x) <= l.height && Math.abs(y - l.y) <= (TICK_REACH_HEIGHTS + 1) * l.height),
    );
  const ticks: Array<{ x: number; top: number; bottom: number }> = [];
  for (const path of paths)
    path.subpaths.forEach((points, j) => {
      // A closed subpath (a box of the bar) closes with its last point back to its first.
      const count = path.closed[j] ? points.length + 1 : points.length;
      for (let i = 1; i < count; i++) {
        const [a, b] = [points[i - 1], points[i % points.length]];
        if (Math.abs(a.x - b.x) > 0.05 || Math.abs(a.y - b.y) < 0.3) continue;
        if (near(a.x, a.y) || near(b.x, b.y))
          ticks.push({ x: (a.x + b.x) / 2, top: Math.min(a.y, b.y), bottom: Math.max(a.y, b.y) });
      }
    });
  const bars: ScaleBar[] = [];
  for (const { labels, feetPerUnit } of candidates) {
    const at = labels.map((label) => {
      const reach = TICK_REACH_HEIGHTS * label.height;
      const close = ticks.filter(
        (t) =>
          Math.abs(t.x - label.x) <= TICK_OFFSET_HEIGHTS * label.height &&
          t.top <= label.y + reach &&
          t.bottom >= label.y - label.height - reach,
      );
      close.sort((p, q) => Math.abs(p.x - label.x) - Math.abs(q.x - label.x));
      return close[0]?.x;
    });
    if (at.some((x) => x === undefined)) continue;
    const xs = at as number[];
    const values = labels.map((l) => l.value);
    const pointsPerUnit = slope(values, xs);
    const length = xs[xs.length - 1] - xs[0];
    if (!(pointsPerUnit > 0) || !(length > 0)) continue;
    const origin = xs[0] - pointsPerUnit * values[0];
    if (values.some((v, i) => Math.abs(origin + pointsPerUnit * v - xs[i]) > LINEAR * length)) continue;
    bars.push({
      feetPerPoint: feetPerUnit / pointsPerUnit,
      span: labels[labels.length - 1].text.replace(/[’′]/g, "'"),
    });
  }
  return bars;
}

/** The scale the page's bars agree on (within 2%), or undefined where there are none or they disagree. */
export function oneScaleBar(bars: readonly ScaleBar[]): ScaleBar | undefined {
  const [first] = bars;
  return first && bars.every((bar) => Math.abs(bar.feetPerPoint / first.feetPerPoint - 1) <= 0.02) ? first : undefined;
}

/** The least-squares slope of y over x. */
function slope(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (x[i] - mx) * (y[i] - my);
    den += (x[i] - mx) ** 2;
  }
  return den > 0 ? num / den : NaN;
}
