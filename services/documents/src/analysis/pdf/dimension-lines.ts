/**
 * Dimension linework: the line a dimension string (25'-6") labels, with the
 * ticks or arrowheads at its ends and the stubs of its extension lines. It is
 * annotation drawn across rooms and corridors, not a wall: left in the wall
 * linework it closes a corridor in two along its length.
 */
import type { Segment } from '../geometry/planar-graph';
import { feetOfDimension, feetOfMillimetres } from './dimension-scale';
import { stringsApart, type TextLine } from './pdf-layout';
import { lowerBound } from '../geometry/lower-bound';

/** Millimetres with a thousands comma (3,850), as ArchiCAD writes a metric sheet's dimensions. */
const isCommaMillimetres = (text: string) => text.includes(',') && feetOfMillimetres(text) !== undefined;

/**
 * Whether a text is a dimension string: feet and inches (25'-6"), or millimetres with a thousands comma. A bare
 * figure (900, 4280) is one only on a sheet in millimetres (`metric`): on a sheet in feet it is a room or door
 * number, often written over a wall line, which would be taken for its dimension line.
 */
function isDimension(text: string, metric: boolean): boolean {
  return (
    feetOfDimension(text) !== undefined || (metric ? feetOfMillimetres(text) !== undefined : isCommaMillimetres(text))
  );
}

/**
 * Indices of the segments that are dimension linework: for each horizontal
 * dimension string, the level line under it (the text sits on it or a little
 * above, centred on it, the line at least as long as the text), and the short
 * pieces (ticks, arrowheads, extension stubs, up to two text heights) with an
 * end on that line.
 */
export function dimensionLinework(
  phrases: readonly TextLine[],
  segments: ReadonlyArray<Segment & { width: number }>,
  /** Dimension lines are drawn with a thin pen: heavier lines under a dimension are walls it is written on. */
  maxLineWidth: number,
): Set<number> {
  const found = new Set<number>();
  // A sheet writing millimetres with a thousands comma and no feet and inches writes its shorter ones bare (900).
  const metric =
    phrases.some((p) => isCommaMillimetres(p.text)) && !phrases.some((p) => feetOfDimension(p.text) !== undefined);
  const dimension = (text: string) => isDimension(text, metric);
  // A chain's figures share a baseline ("3,300  150  900  1,300"), read as one phrase: each is a string of its own.
  const strings = phrases.flatMap((p) => stringsApart(p, dimension));
  const dimensions = strings.filter((p) => p.runs.every((r) => r.horizontal) && dimension(p.text));
  // Strings written at an angle (upright beside a plumb dimension line) are one run each, with its direction.
  const turned = strings.filter((p) => p.runs.length === 1 && p.runs[0].direction && dimension(p.text));
  if (turned.length) turnedDimensionLinework(turned, segments, maxLineWidth, found);
  if (dimensions.length === 0) return found;
  // Level lines by height on the page, for the few under each string.
  const level = segments
    .map((s, index) => ({ s, index, y: (s.y1 + s.y2) / 2 }))
    .filter(({ s }) => s.width <= maxLineWidth && Math.abs(s.y2 - s.y1) <= Math.abs(s.x2 - s.x1) * 0.002)
    .sort((a, b) => a.y - b.y);
  const ys = level.map((l) => l.y);
  const lines: Array<{ index: number; left: number; right: number; y: number; reach: number }> = [];
  for (const phrase of dimensions) {
    const middle = (phrase.x + phrase.right) / 2;
    const width = phrase.right - phrase.x;
    let best: { index: number; left: number; right: number; y: number; gap: number } | undefined;
    for (let i = lowerBound(ys, phrase.y - phrase.height * 0.2); i < level.length; i++) {
      const { s, index, y } = level[i];
      const gap = y - phrase.y;
      if (gap > phrase.height * 1.5) break;
      const left = Math.min(s.x1, s.x2);
      const right = Math.max(s.x1, s.x2);
      const length = right - left;
      if (length < width || middle < left || middle > right) continue;
      // Written at the middle of what it measures.
      if (Math.abs((left + right) / 2 - middle) > Math.max(length * 0.1, phrase.height)) continue;
      if (!best || gap < best.gap) best = { index, left, right, y, gap };
    }
    if (best) {
      found.add(best.index);
      lines.push({ ...best, reach: phrase.height * 2 });
    }
  }
  if (lines.length === 0) return found;
  // Ticks, arrowheads and extension stubs: short pieces with an end on a dimension line.
  const onLine = (x: number, y: number, l: (typeof lines)[number]) =>
    Math.abs(y - l.y) <= l.reach * 0.05 && x >= l.left - l.reach * 0.05 && x <= l.right + l.reach * 0.05;
  const byTop = lines.map((l) => l.y).sort((a, b) => a - b);
  const highest = Math.max(...lines.map((l) => l.reach));
  segments.forEach((s, index) => {
    if (found.has(index)) return;
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    if (length > highest) return;
    const minY = Math.min(s.y1, s.y2);
    // Only segments within reach of some dimension line's height are tested against the lines.
    const i = lowerBound(byTop, minY - highest);
    if (i >= byTop.length || byTop[i] > Math.max(s.y1, s.y2) + highest) return;
    for (const l of lines)
      if (length <= l.reach && (onLine(s.x1, s.y1, l) || onLine(s.x2, s.y2, l))) {
        found.add(index);
        return;
      }
  });
  return found;
}

/**
 * The same for dimension strings written at an angle (upright beside a plumb
 * dimension line, or along a sloping one), in the string's own frame: along its
 * baseline, and across it downwards from the letters' tops to their feet.
 */
function turnedDimensionLinework(
  phrases: readonly TextLine[],
  segments: ReadonlyArray<Segment & { width: number }>,
  maxLineWidth: number,
  found: Set<number>,
): void {
  const lines: Array<{ x: number; y: number; dx: number; dy: number; left: number; right: number; reach: number }> = [];
  for (const phrase of phrases) {
    const run = phrase.runs[0];
    const { x: dx, y: dy } = run.direction!;
    // Below the baseline: the text's down, square to its direction (for level text, +y on the page).
    const across = (px: number, py: number) => -(px - run.x) * dy + (py - run.y) * dx;
    const along = (px: number, py: number) => (px - run.x) * dx + (py - run.y) * dy;
    const middle = run.width / 2;
    // The string's middle, which the line passes within a text height and a half of.
    const mx = run.x + dx * middle;
    const my = run.y + dy * middle;
    const near = run.height * 1.5;
    let best: { index: number; left: number; right: number; gap: number } | undefined;
    segments.forEach((s, index) => {
      if (s.width > maxLineWidth) return;
      if (Math.min(s.x1, s.x2) > mx + near || Math.max(s.x1, s.x2) < mx - near) return;
      if (Math.min(s.y1, s.y2) > my + near || Math.max(s.y1, s.y2) < my - near) return;
      const b1 = across(s.x1, s.y1);
      const b2 = across(s.x2, s.y2);
      const a1 = along(s.x1, s.y1);
      const a2 = along(s.x2, s.y2);
      const left = Math.min(a1, a2);
      const right = Math.max(a1, a2);
      const length = right - left;
      // In line with the string, on or just under its baseline, spanning it, written at its middle.
      if (Math.abs(b2 - b1) > length * 0.002) return;
      const gap = (b1 + b2) / 2;
      if (gap < -run.height * 0.2 || gap > run.height * 1.5) return;
      if (length < run.width || middle < left || middle > right) return;
      if (Math.abs((left + right) / 2 - middle) > Math.max(length * 0.1, run.height)) return;
      if (!best || gap < best.gap) best = { index, left, right, gap };
    });
    if (!best) continue;
    found.add(best.index);
    // The line in page points: from its first end, along the string's direction to its other end.
    const s = segments[best.index];
    const end = (s.x2 - s.x1) * dx + (s.y2 - s.y1) * dy;
    lines.push({ x: s.x1, y: s.y1, dx, dy, left: Math.min(0, end), right: Math.max(0, end), reach: run.height * 2 });
  }
  // Ticks, arrowheads and extension stubs: short pieces with an end on one of those lines.
  for (const l of lines) {
    const tol = l.reach * 0.05;
    // The line's box grown by a tick's length: pieces outside it cannot touch the line.
    const ends = [l.x + l.dx * l.left, l.y + l.dy * l.left, l.x + l.dx * l.right, l.y + l.dy * l.right];
    const minX = Math.min(ends[0], ends[2]) - l.reach;
    const maxX = Math.max(ends[0], ends[2]) + l.reach;
    const minY = Math.min(ends[1], ends[3]) - l.reach;
    const maxY = Math.max(ends[1], ends[3]) + l.reach;
    const onLine = (px: number, py: number) => {
      const a = (px - l.x) * l.dx + (py - l.y) * l.dy;
      const b = -(px - l.x) * l.dy + (py - l.y) * l.dx;
      return Math.abs(b) <= tol && a >= l.left - tol && a <= l.right + tol;
    };
    segments.forEach((s, index) => {
      if (s.x1 < minX || s.x1 > maxX || s.y1 < minY || s.y1 > maxY) {
        if (s.x2 < minX || s.x2 > maxX || s.y2 < minY || s.y2 > maxY) return;
      }
      if (found.has(index) || Math.hypot(s.x2 - s.x1, s.y2 - s.y1) > l.reach) return;
      if (onLine(s.x1, s.y1) || onLine(s.x2, s.y2)) found.add(index);
    });
  }
}
