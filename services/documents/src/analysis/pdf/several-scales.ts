/**
 * The takeoff of a sheet with drawings at several scales (drawing-regions.ts):
 * each drawing taken off at its own scale, then put together as the page's
 * one takeoff. Rooms measured at a scale other than the page's say which;
 * layers add up their real lengths; symbols keep their names, and the
 * unnamed ones are numbered on across the drawings.
 */
import { drawingFeetPerPoint } from '@kerf/takeoff';
import type { LayerTotals, RoomBoundaryLine, SymbolCount } from '../analysis.types';
import type { PageGeometry } from './page-geometry';
import type { ScaledDrawing } from './drawing-regions';
import { takeoffPage, type PageTakeoff } from './page-takeoff';

const UNNAMED = /^symbol (\d+)$/;

/**
 * The drawings' scales corrected by a calibration measured in one of them (in the main drawing where its line
 * lies in none, as linework outside every drawing goes with the main scale): each by the same factor, as a sheet
 * printed at another size than its notes say is off alike in every drawing.
 */
export function calibratedDrawings(
  drawings: readonly ScaledDrawing[],
  calibration: { feetPerPoint: number; line: { from: [number, number]; to: [number, number] } },
): ScaledDrawing[] {
  const boxes = drawings.flatMap((d) => d.boxes.map((box) => ({ feetPerPoint: d.feetPerPoint, box })));
  const measuredIn =
    drawingFeetPerPoint(boxes, [calibration.line.from, calibration.line.to]) ?? drawings[0].feetPerPoint;
  const factor = calibration.feetPerPoint / measuredIn;
  return drawings.map((drawing) => ({ ...drawing, feetPerPoint: drawing.feetPerPoint * factor }));
}

/** Takes off each drawing at its scale; the first is the page's main drawing, whose scale is the page's. */
export function takeoffOfDrawings(
  page: number,
  geometry: PageGeometry,
  drawings: readonly ScaledDrawing[],
  size: { width: number; height: number },
  boundaries: readonly RoomBoundaryLine[] = [],
): PageTakeoff {
  const merged: PageTakeoff = { rooms: [], layers: [], symbols: [], roomNotes: [] };
  const layers = new Map<string, LayerTotals>();
  const symbols = new Map<string, SymbolCount>();
  const withoutLines = new Set<string>();
  let unnamed = 0;
  drawings.forEach((drawing, k) => {
    const part = takeoffPage(
      page,
      { ...geometry, paths: drawing.paths.map((index) => geometry.paths[index]) },
      drawing.phrases,
      size,
      drawing.feetPerPoint,
      boundaries,
    );
    for (const room of part.rooms)
      merged.rooms.push(
        k === 0 ? room : { ...room, scale: { note: drawing.note, feetPerPoint: drawing.feetPerPoint } },
      );
    merged.roomNotes.push(...part.roomNotes);
    for (const layer of part.layers) {
      // A wall length one drawing measured without its lines (too many to carry): none drawn rather than some.
      if (layer.wallLengthFt !== undefined && !layer.wallLines) withoutLines.add(layer.name);
      const known = layers.get(layer.name);
      if (!known) {
        layers.set(layer.name, { ...layer });
        continue;
      }
      known.lengthFt = round(known.lengthFt + layer.lengthFt);
      known.areaSqFt = round(known.areaSqFt + layer.areaSqFt);
      known.entityCount += layer.entityCount;
      if (layer.wallLengthFt !== undefined) known.wallLengthFt = round((known.wallLengthFt ?? 0) + layer.wallLengthFt);
      if (layer.wallLines) known.wallLines = [...(known.wallLines ?? []), ...layer.wallLines];
    }
    for (const symbol of part.symbols) {
      if (UNNAMED.test(symbol.name)) {
        const name = `symbol ${++unnamed}`;
        symbols.set(name, { ...symbol, name });
        continue;
      }
      const known = symbols.get(symbol.name);
      if (known) {
        known.count += symbol.count;
        known.at = [...known.at, ...symbol.at];
      } else symbols.set(symbol.name, { ...symbol, at: [...symbol.at] });
    }
  });
  for (const name of withoutLines) delete layers.get(name)!.wallLines;
  merged.layers = [...layers.values()];
  merged.symbols = [...symbols.values()].sort((a, b) => b.count - a.count);
  return merged;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
