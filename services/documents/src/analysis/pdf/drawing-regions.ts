/**
 * The drawings of a sheet that holds several at different scales (a plan at
 * 1/4" = 1'-0" beside details at 1 1/2" = 1'-0"), each with the scale noted
 * under it. A sheet's drawings stand apart with white paper between them:
 * the linework, laid on a grid of quarter-inch cells, falls into islands of
 * touching cells. A scale note is written under its drawing (with its title),
 * so it labels the largest island that ends just above it across the note's
 * width; an island no note labels takes the scale of the note under it, else
 * the sheet's main scale. Text belongs to the smallest drawing whose box
 * holds it.
 */
import type { PagePath } from './page-geometry';
import type { TextLine } from './pdf-layout';
import { findScales } from './drawing-scale';
import { feetPerPointOf } from './page-scale';
import { boundsOf } from './path-clipping';

/** Cells of the grid (a quarter inch, in points): white paper of two cells (half an inch) parts two drawings. */
const CELL = 18;
/** A line this long across the sheet (its share of the width or height) is a border or a title block's frame. */
const FRAME_SHARE = 0.6;
/** A title sits under its drawing within this distance (points): about an inch and a half of paper. */
const TITLE_REACH = 108;

/** One drawing of the sheet at its scale: the paths drawn in it and the text inside its box. */
export interface ScaledDrawing {
  note: string;
  feetPerPoint: number;
  /** Indices into the page's paths. */
  paths: number[];
  phrases: TextLine[];
  /** The boxes of the drawings at this scale, page points: [minX, minY, maxX, maxY] (the main scale's: its own). */
  boxes: Array<[number, number, number, number]>;
}

interface Island {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  paths: number[];
  note?: { note: string; feetPerPoint: number };
}

/**
 * The sheet's drawings grouped by scale, the main drawing's scale first (the largest drawing), or undefined
 * where the page's notes give one scale only. Paths and text outside every drawing go with the main scale.
 */
export function drawingsAtScales(
  paths: readonly PagePath[],
  phrases: readonly TextLine[],
  size: { width: number; height: number },
): ScaledDrawing[] | undefined {
  const notes = phrases.flatMap((phrase) =>
    findScales(phrase.text).flatMap((note) => {
      const feetPerPoint = feetPerPointOf(note);
      return feetPerPoint ? [{ note, feetPerPoint, phrase }] : [];
    }),
  );
  if (new Set(notes.map((n) => n.feetPerPoint)).size < 2) return undefined;

  const islands = islandsOf(paths, size);
  // Each note labels the largest island ending just above it across the note's width.
  for (const { note, feetPerPoint, phrase } of notes) {
    let best: Island | undefined;
    for (const island of islands) {
      const above = phrase.y - island.maxY;
      if (above < -phrase.height * 2 || above > TITLE_REACH) continue;
      if (island.maxX < phrase.x || island.minX > phrase.right) continue;
      if (!best || area(island) > area(best)) best = island;
    }
    if (best && !best.note) best.note = { note, feetPerPoint };
  }
  const labelled = islands.filter((island) => island.note);
  if (new Set(labelled.map((island) => island.note!.feetPerPoint)).size < 2) return undefined;
  // The sheet's main scale: its largest drawing's.
  const main = labelled.reduce((largest, island) => (area(island) > area(largest) ? island : largest)).note!;
  // An island no note labels (a plan's detached part, a key plan, the title block) takes the scale of the
  // nearest labelled drawing above the same note, else the main scale.
  for (const island of islands) {
    if (island.note) continue;
    const under = notes
      .filter((n) => n.phrase.y >= island.maxY && n.phrase.x <= island.maxX && n.phrase.right >= island.minX)
      .sort((a, b) => a.phrase.y - b.phrase.y)[0];
    island.note = under ? { note: under.note, feetPerPoint: under.feetPerPoint } : main;
  }

  const byScale = new Map<number, ScaledDrawing>();
  const drawingOf = (scale: { note: string; feetPerPoint: number }) => {
    let drawing = byScale.get(scale.feetPerPoint);
    if (!drawing) {
      drawing = { ...scale, paths: [], phrases: [], boxes: [] };
      byScale.set(scale.feetPerPoint, drawing);
    }
    return drawing;
  };
  drawingOf(main);
  const placed = new Set<number>();
  for (const island of islands) {
    const drawing = drawingOf(island.note!);
    drawing.paths.push(...island.paths);
    for (const index of island.paths) placed.add(index);
    // A drawing's box: a labelled island's, or an unlabelled one's at another scale than the main one.
    if (island.note !== main || labelled.includes(island))
      drawing.boxes.push([island.minX, island.minY, island.maxX, island.maxY]);
  }
  // Frames and borders go with the main drawing.
  const mainDrawing = byScale.get(main.feetPerPoint)!;
  paths.forEach((_, index) => {
    if (!placed.has(index)) mainDrawing.paths.push(index);
  });
  for (const phrase of phrases) {
    const cx = (phrase.x + phrase.right) / 2;
    const cy = phrase.y - phrase.height / 2;
    const holding = islands
      .filter((island) => cx >= island.minX && cx <= island.maxX && cy >= island.minY && cy <= island.maxY)
      .sort((a, b) => area(a) - area(b))[0];
    (holding ? drawingOf(holding.note!) : mainDrawing).phrases.push(phrase);
  }
  for (const drawing of byScale.values()) drawing.paths.sort((a, b) => a - b);
  return [...byScale.values()];
}

const area = (island: Island) => (island.maxX - island.minX) * (island.maxY - island.minY);

/** The islands of linework: paths whose lines pass through touching quarter-inch cells. */
function islandsOf(paths: readonly PagePath[], size: { width: number; height: number }): Island[] {
  const columns = Math.ceil(size.width / CELL) + 1;
  const rows = Math.ceil(size.height / CELL) + 1;
  // The first path to reach each cell; paths meeting in a cell are joined (union-find over paths).
  const owner = new Int32Array(columns * rows).fill(-1);
  const parent = paths.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const cellOf = (x: number, y: number) => {
    const cx = Math.min(columns - 1, Math.max(0, Math.floor(x / CELL)));
    const cy = Math.min(rows - 1, Math.max(0, Math.floor(y / CELL)));
    return cy * columns + cx;
  };
  // Each path's box; none for a frame (or an empty path), which joins no island.
  const boxes = paths.map((path) => {
    const box = boundsOf(path.subpaths);
    return box && box.maxX - box.minX < size.width * FRAME_SHARE && box.maxY - box.minY < size.height * FRAME_SHARE
      ? box
      : undefined;
  });
  paths.forEach((path, index) => {
    if (!boxes[index]) return;
    const mark = (cell: number) => {
      // Touching cells join too: a cell's neighbours are looked at when it is first reached.
      if (owner[cell] >= 0) {
        parent[find(owner[cell])] = find(index);
        return;
      }
      owner[cell] = index;
      const cx = cell % columns;
      const cy = (cell - cx) / columns;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const x = cx + dx;
          const y = cy + dy;
          if ((dx || dy) && x >= 0 && y >= 0 && x < columns && y < rows) {
            const other = owner[y * columns + x];
            if (other >= 0) parent[find(other)] = find(index);
          }
        }
    };
    for (const ring of path.subpaths) {
      if (ring.length === 1) mark(cellOf(ring[0].x, ring[0].y));
      for (let i = 1; i < ring.length; i++) {
        const a = ring[i - 1];
        const b = ring[i];
        const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / (CELL / 2)));
        for (let s = 0; s <= steps; s++) mark(cellOf(a.x + ((b.x - a.x) * s) / steps, a.y + ((b.y - a.y) * s) / steps));
      }
    }
  });
  const islands = new Map<number, Island>();
  boxes.forEach((box, index) => {
    if (!box) return;
    const root = find(index);
    let island = islands.get(root);
    if (!island) {
      island = { ...box, paths: [] };
      islands.set(root, island);
    }
    island.paths.push(index);
    island.minX = Math.min(island.minX, box.minX);
    island.minY = Math.min(island.minY, box.minY);
    island.maxX = Math.max(island.maxX, box.maxX);
    island.maxY = Math.max(island.maxY, box.maxY);
  });
  return [...islands.values()];
}
