/**
 * Rooms a DXF draws with walls and doors but no room outline (most house
 * plans): the model-space linework (INSERTs expanded) and texts laid out as a
 * plotted sheet at 1/4" = 1'-0" and handed to the PDF takeoff's room search,
 * which takes the face of the wall linework around each room name, door
 * openings closed and casework left out. The outlines come back in drawing
 * coordinates, the areas in square feet.
 */
import type { Room } from '../analysis.types';
import type { PagePath, PageGeometry } from '../pdf/page-geometry';
import { linesOf, segmentsOf, type PlacedRun } from '../pdf/pdf-layout';
import { takeoffPage } from '../pdf/page-takeoff';
import type { DrawingEntity, DrawingSink, EntityOwner, LayerRecord, TextEntity } from './drawing-entities';
import { DrawingGeometryCollector } from './drawing-geometry';
import type { Point2 } from './geometry';

/** The sheet's scale: 1/4" = 1'-0", a plan's usual one, so the room search's tolerances (in points) read as on paper. */
const FEET_PER_POINT = 1 / 18;
/**
 * Drawings past these are not searched for rooms, so the read keeps its memory bounded whatever the file's
 * size (the linework is held until the end of the read): entities read, and vertices once INSERTs are expanded.
 * Their rooms are those drawn as outlines.
 */
const MAX_ENTITIES = 150_000;
const MAX_VERTICES = 400_000;
/** Phrases on one baseline further apart than this many text heights are separate labels (as on a PDF sheet). */
const PHRASE_GAP_HEIGHTS = 3;
/** A CAD plot's default pen, 0.25 mm, in points. */
const DEFAULT_PEN_POINTS = (25 / 100) * (72 / 25.4);
/** Helvetica's capital height and mean advance, fractions of the font size: a DXF text height is its capitals'. */
const CAP_HEIGHT = 0.72;
const ADVANCE = 0.62;

/**
 * Layers of the disciplines a floor plan's rooms are not bounded by, by their
 * NCS discipline code: structure (S, footings and framing drawn through the
 * rooms), fire protection (F, FF), resource (R), civil, landscape and survey
 * (C, L, V), and the services (E, M, P, T). Layers named otherwise are kept.
 */
const NOT_ROOM_BOUNDS = /(?:^|[$|])(?:S|F|FF|R|C|L|V|E|M|P|T)-/i;

/** What the linework search found: rooms, what it says of the names it could not measure, door swings (drawing coordinates). */
export interface LineworkTakeoff {
  rooms: Room[];
  notes: Array<{ names: string[]; message: string }>;
  doors: Array<[number, number]>;
}

/** Collects, beside the takeoff, what the room search needs: linework with INSERTs expanded, texts and pens. */
export class LineworkSheetCollector implements DrawingSink {
  private linework = new DrawingGeometryCollector();
  private texts: TextEntity[] = [];
  private readonly pens = new Map<string, LayerRecord>();
  private entities = 0;
  private tooLarge = false;

  header(): void {}
  dimensionStyle(): void {}
  blockRecord(): void {}
  layerRecord(record: LayerRecord): void {
    this.pens.set(record.name, record);
    this.linework.layerRecord(record);
  }
  blockDefinition(name: string, flags: number, basePoint?: Point2): void {
    this.linework.blockDefinition(name, flags, basePoint);
  }
  entity(entity: DrawingEntity, owner: EntityOwner): void {
    if (this.tooLarge) return;
    if (++this.entities > MAX_ENTITIES) {
      // What was held goes at once: the rest of the read stays as light as the takeoff's.
      [this.tooLarge, this.linework, this.texts] = [true, new DrawingGeometryCollector(), []];
      return;
    }
    if (owner.space === 'model' && (entity.type === 'TEXT' || entity.type === 'MTEXT')) this.texts.push(entity);
    else if (entity.type !== 'TEXT' && entity.type !== 'MTEXT') this.linework.entity(entity, owner);
  }

  /**
   * The rooms the wall linework closes around the room names, `feetPerUnit`
   * being the drawing's units, and what the search says of the names it could
   * not measure; nothing when the drawing is too large to search.
   */
  rooms(feetPerUnit: number): LineworkTakeoff {
    const none = { rooms: [], notes: [], doors: [] };
    if (this.tooLarge) return none;
    const geometry = this.linework.geometry(MAX_VERTICES);
    if (geometry.truncated || !(feetPerUnit > 0)) return none;
    const texts = this.texts.filter((t) => t.text.trim() && t.height > 0 && !NOT_ROOM_BOUNDS.test(t.layer));
    if (!texts.length) return none;
    const { minX, maxY, maxX, minY } = geometry.bounds;
    const k = feetPerUnit / FEET_PER_POINT;
    const toPage = (x: number, y: number) => ({ x: (x - minX) * k, y: (maxY - y) * k });
    const size = { width: (maxX - minX) * k, height: (maxY - minY) * k };

    const styles: string[] = [];
    const paths: PagePath[] = [];
    for (const layer of geometry.layers) {
      if (NOT_ROOM_BOUNDS.test(layer.name)) continue;
      const style = styles.push(layer.name) - 1;
      const pen = this.pens.get(layer.name);
      const lineWidth =
        pen?.lineweight && pen.lineweight > 0 ? (pen.lineweight / 100) * (72 / 25.4) : DEFAULT_PEN_POINTS;
      const dashed = !!pen?.linetype && !/^(continuous|bylayer|byblock)$/i.test(pen.linetype);
      for (const flat of [...layer.paths, ...(layer.colored ?? []).flatMap((c) => c.paths)]) {
        const points = [];
        for (let i = 0; i + 1 < flat.length; i += 2) points.push(toPage(flat[i]!, flat[i + 1]!));
        if (points.length < 2) continue;
        const [first, last] = [points[0]!, points.at(-1)!];
        const closed = points.length > 2 && first.x === last.x && first.y === last.y;
        if (closed) points.pop();
        paths.push({
          subpaths: [points],
          closed: [closed],
          curves: [],
          stroked: true,
          filled: false,
          style,
          lineWidth,
          lineCap: 1,
          dashed,
        });
      }
    }
    const runs = texts.flatMap((text) => textRuns(text, toPage, k));
    const page: PageGeometry = { paths, styles, hasLayers: true, imageCoverage: 0, runs };
    const phrases = linesOf(runs).flatMap((line) => segmentsOf(line, PHRASE_GAP_HEIGHTS));
    const { rooms, roomNotes, symbols } = takeoffPage(1, page, phrases, size, FEET_PER_POINT);
    const toDrawing = ([x, y]: [number, number]): [number, number] => [round(x / k + minX), round(maxY - y / k)];
    return {
      rooms: rooms.map(({ name, areaSqFt, perimeterFt, layer, outline, printedSize }) => ({
        name,
        areaSqFt,
        perimeterFt,
        layer,
        ...(outline ? { outline: outline.map(toDrawing) } : {}),
        ...(printedSize ? { printedSize } : {}),
        source: 'wall-linework' as const,
      })),
      doors: (symbols.find((symbol) => symbol.name === 'door')?.at ?? []).map(toDrawing),
      // The sheet's notes point at the PDF viewer's Boundary tool; a drawing's rooms are bounded in the drawing.
      notes: roomNotes.map((note) => ({
        names: note.rooms.map((room) => room.name),
        message: note.message
          .replace(/named on the sheet/g, 'named in the drawing')
          .replace(/ with the viewer’s Boundary tool/g, ' as closed polylines in the drawing'),
      })),
    };
  }
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * Each line of a TEXT or MTEXT as a plot sets it in Helvetica, `cap` its capitals' height on paper: its font
 * size, width, and where its baseline starts from the entity's alignment point, along the text (`dx`) and
 * up it (`dy`); MTEXT lines 5/3 of the height apart (AutoCAD's default line spacing).
 */
export function textLines(
  text: TextEntity,
  cap: number,
): Array<{ line: string; size: number; width: number; dx: number; dy: number }> {
  const lines = text.text.split('\n').filter((line) => line.trim());
  const size = cap / CAP_HEIGHT;
  const pitch = cap * (5 / 3);
  const block = cap + pitch * (lines.length - 1);
  const { horizontal = 'left', vertical = 'baseline' } = text.alignment ?? {};
  const firstBaseline =
    vertical === 'top' ? -cap : vertical === 'middle' ? block / 2 - cap : vertical === 'bottom' ? block - cap : 0;
  return lines.map((line, i) => {
    const width = line.length * size * ADVANCE;
    const dx = horizontal === 'center' ? -width / 2 : horizontal === 'right' ? -width : 0;
    return { line, size, width, dx, dy: firstBaseline - pitch * i };
  });
}

/** A TEXT or MTEXT as the runs a PDF sheet would hold: each line at its baseline, as wide as its letters. */
function textRuns(text: TextEntity, toPage: (x: number, y: number) => Point2, k: number): PlacedRun[] {
  const angle = ((text.rotationDeg ?? 0) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const anchor = toPage(text.position.x, text.position.y);
  const level = Math.abs(sin) < 1e-3 && cos > 0;
  return textLines(text, text.height * k).map(({ line, size, width, dx, dy }) => {
    // Drawing y is up, page y down: the text's up direction flips.
    const run: PlacedRun = {
      text: line.trim(),
      x: anchor.x + dx * cos - dy * sin,
      y: anchor.y - (dx * sin + dy * cos),
      width,
      height: size,
      horizontal: level,
    };
    if (!level) run.direction = { x: cos, y: -sin };
    return run;
  });
}
