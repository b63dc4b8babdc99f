/**
 * The model-space linework of a DXF (or a DWG rewritten as DXF) for the sheet
 * viewer: LINE, 2D polylines with bulges, ARC and CIRCLE as flat polylines
 * [x0, y0, x1, y1, …] in drawing coordinates, per layer, with block INSERTs
 * expanded (position, scale, rotation, MINSERT grids, nested blocks). Text and
 * dimensions are not drawn. Output is capped at `maxVertices`.
 */
import { inputBytes } from '../document-input';
import { MAX_DWG_BYTES, dwgAsDxf } from '../dwg/analyze-dwg';
import type { DocumentInput } from '../analysis.types';
import type { DrawingEntity, DrawingSink, EntityOwner, InsertEntity } from './drawing-entities';
import { readDxf } from './analyze-dxf';
import { ocsToWcs, type BulgeVertex, type Point2 } from './geometry';

export interface DrawingGeometry {
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
  layers: Array<{ name: string; paths: number[][] }>;
  truncated?: boolean;
}

/** 2D affine transform [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
type Transform = [number, number, number, number, number, number];
const IDENTITY: Transform = [1, 0, 0, 1, 0, 0];

function apply(t: Transform, x: number, y: number): [number, number] {
  return [t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]];
}

function compose(outer: Transform, inner: Transform): Transform {
  return [
    outer[0] * inner[0] + outer[2] * inner[1],
    outer[1] * inner[0] + outer[3] * inner[1],
    outer[0] * inner[2] + outer[2] * inner[3],
    outer[1] * inner[2] + outer[3] * inner[3],
    outer[0] * inner[4] + outer[2] * inner[5] + outer[4],
    outer[1] * inner[4] + outer[3] * inner[5] + outer[5],
  ];
}

/** Segments per full circle: fine enough to look round at any zoom a sheet is read at. */
const CIRCLE_SEGMENTS = 72;
/** Nested blocks deeper than this are a cycle or a pathological file. */
const MAX_NESTING = 16;

function arcPoints(cx: number, cy: number, r: number, startDeg: number, endDeg: number): number[] {
  let span = (endDeg - startDeg) % 360;
  if (span <= 0) span += 360;
  const steps = Math.max(2, Math.ceil((span / 360) * CIRCLE_SEGMENTS));
  const out: number[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((startDeg + (span * i) / steps) * Math.PI) / 180;
    out.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  return out;
}

/** A polyline with bulges as points: each bulged segment becomes its arc. */
function bulgePoints(vertices: readonly BulgeVertex[], closed: boolean): number[] {
  const out: number[] = [];
  const n = vertices.length;
  const segments = closed ? n : n - 1;
  if (n === 0) return out;
  out.push(vertices[0]!.x, vertices[0]!.y);
  for (let i = 0; i < segments; i++) {
    const a = vertices[i]!;
    const b = vertices[(i + 1) % n]!;
    if (a.bulge !== 0) {
      const chord = Math.hypot(b.x - a.x, b.y - a.y);
      if (chord > 0) {
        const theta = 4 * Math.atan(a.bulge); // signed included angle, positive counter-clockwise
        const radius = chord / (2 * Math.sin(Math.abs(theta) / 2));
        const mx = (a.x + b.x) / 2;
        const my = (a.y + b.y) / 2;
        // Distance from the chord's midpoint to the centre, on the left of a→b for a positive bulge.
        const h = radius * Math.cos(theta / 2) * Math.sign(theta);
        const cx = mx - (h * (b.y - a.y)) / chord;
        const cy = my + (h * (b.x - a.x)) / chord;
        const start = Math.atan2(a.y - cy, a.x - cx);
        const steps = Math.max(2, Math.ceil((Math.abs(theta) / (2 * Math.PI)) * CIRCLE_SEGMENTS));
        for (let k = 1; k < steps; k++) {
          const angle = start + (theta * k) / steps;
          out.push(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
        }
      }
    }
    out.push(b.x, b.y);
  }
  return out;
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
  items: Array<{ layer: string; paths: number[][] } | { layer: string; insert: InsertEntity }>;
}

function insertTransforms(insert: InsertEntity, base: Point2): Transform[] {
  const sx = insert.scaleX || 1;
  const sy = insert.scaleY || 1;
  const r = ((insert.rotationDeg ?? 0) * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const position = ocsToWcs(insert.position, insert.extrusion);
  const out: Transform[] = [];
  for (let row = 0; row < insert.rows; row++) {
    for (let column = 0; column < insert.columns; column++) {
      // Grid offsets are in the insert's rotated frame.
      const gx = column * (insert.columnSpacing ?? 0);
      const gy = row * (insert.rowSpacing ?? 0);
      const tx = position.x + gx * cos - gy * sin;
      const ty = position.y + gx * sin + gy * cos;
      const rotateScale: Transform = [cos * sx, sin * sx, -sin * sy, cos * sy, tx, ty];
      out.push(compose(rotateScale, [1, 0, 0, 1, -base.x, -base.y]));
    }
  }
  return out;
}

export class DrawingGeometryCollector implements DrawingSink {
  private readonly blocks = new Map<string, BlockContent>();
  private readonly model: BlockContent['items'] = [];

  header(): void {}
  dimensionStyle(): void {}
  blockRecord(): void {}

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
    if (entity.type === 'INSERT') items.push({ layer: entity.layer, insert: entity });
    else {
      const paths = entityPaths(entity);
      if (paths.length) items.push({ layer: entity.layer, paths });
    }
  }

  /** Model space with its inserts expanded, at most `maxVertices` vertices. */
  geometry(maxVertices: number): DrawingGeometry {
    const layers = new Map<string, number[][]>();
    let vertices = 0;
    let truncated = false;
    const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const emit = (layer: string, path: number[], t: Transform) => {
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
      let list = layers.get(layer);
      if (!list) layers.set(layer, (list = []));
      list.push(out);
    };
    const walk = (items: BlockContent['items'], t: Transform, depth: number, parentLayer: string | undefined) => {
      for (const item of items) {
        if (truncated) return;
        // Entities on layer 0 inside a block take the layer of the INSERT that places them.
        const layer = item.layer === '0' && parentLayer !== undefined ? parentLayer : item.layer;
        if ('paths' in item) {
          for (const path of item.paths) emit(layer, path, t);
        } else if (depth < MAX_NESTING) {
          const block = this.blocks.get(item.insert.block);
          if (!block || block.items.length === 0) continue;
          for (const placed of insertTransforms(item.insert, block.base)) {
            walk(block.items, compose(t, placed), depth + 1, layer);
          }
        }
      }
    };
    walk(this.model, IDENTITY, 0, undefined);
    if (!Number.isFinite(bounds.minX)) Object.assign(bounds, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
    return {
      bounds: {
        minX: round(bounds.minX),
        minY: round(bounds.minY),
        maxX: round(bounds.maxX),
        maxY: round(bounds.maxY),
      },
      layers: [...layers].map(([name, paths]) => ({ name, paths })).sort((a, b) => a.name.localeCompare(b.name)),
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
