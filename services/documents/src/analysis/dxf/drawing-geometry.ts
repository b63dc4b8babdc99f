/**
 * The model-space linework of a DXF (or a DWG rewritten as DXF) for the sheet
 * viewer: LINE, 2D polylines with bulges, ARC and CIRCLE as flat polylines
 * [x0, y0, x1, y1, …] in drawing coordinates, per layer, with block INSERTs
 * expanded (position, scale, rotation, MINSERT grids, nested blocks). Text and
 * dimensions are not drawn. Output is capped at `maxVertices`. Colours are the
 * file's: a layer's from the LAYER table, an entity's own (ACI or true colour)
 * where it is not BYLAYER, BYBLOCK taking the colour of the INSERT placing it.
 */
import { inputBytes } from '../document-input';
import { MAX_DWG_BYTES, dwgAsDxf } from '../dwg/analyze-dwg';
import type { DocumentInput } from '../analysis.types';
import type { DrawingEntity, DrawingSink, EntityOwner, InsertEntity, LayerRecord } from './drawing-entities';
import { aciToHex, trueColourToHex } from './aci-colours';
import { readDxf } from './analyze-dxf';
import { ocsToWcs, type Point2 } from './geometry';
import {
  IDENTITY,
  MAX_NESTING,
  apply,
  arcPoints,
  bulgePoints,
  compose,
  insertTransforms,
  type Transform,
} from './placement';

export interface GeometryLayer {
  name: string;
  /** The layer's colour as #rrggbb, when the LAYER table gives one. */
  color?: string;
  /** Linework drawn in the layer's colour. */
  paths: number[][];
  /** Linework with a colour of its own (not BYLAYER), grouped by colour. */
  colored?: Array<{ color: string; paths: number[][] }>;
}

export interface DrawingGeometry {
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
  layers: GeometryLayer[];
  truncated?: boolean;
}

/** An entity's own colour, or undefined for BYLAYER; 'byblock' for the colour of the INSERT placing it. */
type OwnColour = string | 'byblock' | undefined;

function ownColour(entity: { color?: number; trueColor?: number }): OwnColour {
  if (entity.trueColor !== undefined) return trueColourToHex(entity.trueColor);
  if (entity.color === 0) return 'byblock';
  return entity.color === undefined ? undefined : aciToHex(entity.color);
}

/** Linework of one entity in its own coordinates (block or world), before any INSERT transform. */
function entityPaths(entity: DrawingEntity): number[][] {
  switch (entity.type) {
    case 'LINE':
      return [[entity.start.x, entity.start.y, entity.end.x, entity.end.y]];
    case 'ARC':
      return [arcPoints(entity.center.x, entity.center.y, Math.abs(entity.radius), entity.startAngle, entity.endAngle)];
    case 'CIRCLE':
      return [arcPoints(entity.center.x, entity.center.y, Math.abs(entity.radius), 0, 360)];
    case 'LWPOLYLINE':
    case 'POLYLINE': {
      if (entity.shape === 'mesh' || entity.vertices.length < 2) return [];
      const vertices = entity.extrusion
        ? entity.vertices.map((p) => ({
            ...ocsToWcs({ x: p.x, y: p.y, z: entity.elevation }, entity.extrusion),
            bulge: p.bulge,
          }))
        : entity.vertices;
      return [bulgePoints(vertices, entity.closed)];
    }
    default:
      return [];
  }
}

interface BlockContent {
  base: Point2;
  /** Linework on its own layer, and nested INSERTs. */
  items: Array<
    { layer: string; colour: OwnColour; paths: number[][] } | { layer: string; colour: OwnColour; insert: InsertEntity }
  >;
}

export class DrawingGeometryCollector implements DrawingSink {
  private readonly blocks = new Map<string, BlockContent>();
  private readonly model: BlockContent['items'] = [];
  private readonly layerColours = new Map<string, string>();

  header(): void {}
  dimensionStyle(): void {}
  blockRecord(): void {}

  layerRecord(record: LayerRecord): void {
    const colour =
      record.trueColor !== undefined
        ? trueColourToHex(record.trueColor)
        : record.color !== undefined
          ? aciToHex(record.color)
          : undefined;
    if (colour) this.layerColours.set(record.name, colour);
  }

  blockDefinition(name: string, _flags: number, basePoint?: Point2): void {
    const existing = this.blocks.get(name);
    if (existing) existing.base = basePoint ?? existing.base;
    else this.blocks.set(name, { base: basePoint ?? { x: 0, y: 0 }, items: [] });
  }

  entity(entity: DrawingEntity, owner: EntityOwner): void {
    let items: BlockContent['items'];
    if (owner.space === 'model') items = this.model;
    else if (owner.space === 'block') {
      if (!this.blocks.has(owner.block)) this.blockDefinition(owner.block, 0);
      items = this.blocks.get(owner.block)!.items;
    } else return;
    const colour = ownColour(entity);
    if (entity.type === 'INSERT') items.push({ layer: entity.layer, colour, insert: entity });
    else {
      const paths = entityPaths(entity);
      if (paths.length) items.push({ layer: entity.layer, colour, paths });
    }
  }

  /** Model space with its inserts expanded, at most `maxVertices` vertices. */
  geometry(maxVertices: number): DrawingGeometry {
    const layers = new Map<string, { paths: number[][]; colored: Map<string, number[][]> }>();
    let vertices = 0;
    let truncated = false;
    const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const emit = (layer: string, colour: string | undefined, path: number[], t: Transform) => {
      if (vertices + path.length / 2 > maxVertices) {
        truncated = true;
        return;
      }
      const out = new Array<number>(path.length);
      for (let i = 0; i + 1 < path.length; i += 2) {
        const [x, y] = t === IDENTITY ? [path[i]!, path[i + 1]!] : apply(t, path[i]!, path[i + 1]!);
        if (!Number.isFinite(x) || !Number.isFinite(y)) return;
        out[i] = round(x);
        out[i + 1] = round(y);
        if (x < bounds.minX) bounds.minX = x;
        if (y < bounds.minY) bounds.minY = y;
        if (x > bounds.maxX) bounds.maxX = x;
        if (y > bounds.maxY) bounds.maxY = y;
      }
      vertices += path.length / 2;
      let entry = layers.get(layer);
      if (!entry) layers.set(layer, (entry = { paths: [], colored: new Map() }));
      if (colour === undefined || colour === this.layerColours.get(layer)) entry.paths.push(out);
      else {
        const list = entry.colored.get(colour);
        if (list) list.push(out);
        else entry.colored.set(colour, [out]);
      }
    };
    /** `parentColour`: the resolved colour of the INSERT placing these items (for BYBLOCK), undefined at model level. */
    const walk = (
      items: BlockContent['items'],
      t: Transform,
      depth: number,
      parentLayer: string | undefined,
      parentColour: string | undefined,
    ) => {
      for (const item of items) {
        if (truncated) return;
        // Entities on layer 0 inside a block take the layer of the INSERT that places them.
        const layer = item.layer === '0' && parentLayer !== undefined ? parentLayer : item.layer;
        const colour = item.colour === 'byblock' ? parentColour : item.colour;
        if ('paths' in item) {
          for (const path of item.paths) emit(layer, colour, path, t);
        } else if (depth < MAX_NESTING) {
          const block = this.blocks.get(item.insert.block);
          if (!block || block.items.length === 0) continue;
          // BYBLOCK children take the INSERT's colour; a BYLAYER INSERT gives its layer's.
          const insertColour = colour ?? this.layerColours.get(layer);
          for (const placed of insertTransforms(item.insert, block.base)) {
            walk(block.items, compose(t, placed), depth + 1, layer, insertColour);
          }
        }
      }
    };
    walk(this.model, IDENTITY, 0, undefined, undefined);
    if (!Number.isFinite(bounds.minX)) Object.assign(bounds, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
    return {
      bounds: {
        minX: round(bounds.minX),
        minY: round(bounds.minY),
        maxX: round(bounds.maxX),
        maxY: round(bounds.maxY),
      },
      layers: [...layers]
        .map(([name, { paths, colored }]): GeometryLayer => {
          const color = this.layerColours.get(name);
          return {
            name,
            ...(color ? { color } : {}),
            paths,
            ...(colored.size ? { colored: [...colored].map(([c, list]) => ({ color: c, paths: list })) } : {}),
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name)),
      ...(truncated ? { truncated: true } : {}),
    };
  }
}

/** Six significant decimals past the point are far below any line width a sheet shows. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The linework of a DXF, or of a DWG through the same LibreDWG rewrite as its takeoff. */
export async function readDrawingGeometry(
  input: DocumentInput,
  kind: 'dxf' | 'dwg',
  maxVertices: number,
): Promise<DrawingGeometry> {
  const collector = new DrawingGeometryCollector();
  if (kind === 'dwg') {
    await readDxf(await dwgAsDxf(await inputBytes(input, MAX_DWG_BYTES)), collector);
  } else await readDxf(input, collector);
  return collector.geometry(maxVertices);
}
