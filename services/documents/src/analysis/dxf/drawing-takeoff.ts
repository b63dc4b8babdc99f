/**
 * Collects what a drawing's entities add up to, in drawing units, as they are
 * read: per-layer linework and closed areas over model space, block instance
 * counts (direct and nested), texts, closed outlines (for rooms) and
 * dimensions (for the units check).
 */
import type {
  BlockRecord,
  DimensionEntity,
  DimensionStyle,
  DrawingEntity,
  DrawingHeader,
  DrawingSink,
  EntityOwner,
  InsertEntity,
} from './drawing-entities';
import {
  arcLength,
  bulgeSegmentLength,
  distance3,
  ocsToWcs,
  polylineArea,
  polylineLength,
  type BulgeVertex,
  type Point2,
} from './geometry';
import { WALL_LAYER, emptyWallLinework, type WallLinework } from './wall-faces';

export interface LayerTally {
  name: string;
  length: number;
  area: number;
  entityCount: number;
}

export interface PlacedText {
  text: string;
  layer: string;
  position: Point2;
  height: number;
  /** For block attributes: the attribute tag. */
  tag?: string;
}

export interface ClosedOutline {
  layer: string;
  vertices: BulgeVertex[];
  area: number;
  perimeter: number;
}

export interface BlockDefinitionSummary {
  name: string;
  flags: number;
  /** INSERTs inside the definition, by block name, MINSERT grids multiplied. */
  children: Map<string, number>;
  /** Texts drawn by the block (kept for anonymous blocks: a dimension's shown text lives there). */
  texts: string[];
  /** Attribute tags the block defines (ATTDEF), for recognising doors and windows. */
  attributeTags: Set<string>;
  /** Where the block's origin lands at an INSERT's position (BLOCK group 10). */
  base: Point2;
  /** The INSERTs inside it, for placing nested instances (symbol positions). */
  inserts: InsertEntity[];
  /** The box around its own linework and nested insertion points, block coordinates: its centre is where it shows. */
  extent?: { minX: number; minY: number; maxX: number; maxY: number };
}

/** Model-space inserts of one block on one layer, with the attribute values seen on them. */
export interface PlacedBlock {
  block: string;
  layer: string;
  instances: number;
  attributes: Map<string, Set<string>>;
}

const MAX_TEXTS_PER_BLOCK = 4;
/** Inserts kept for placing symbols: past these, positions stop (counts do not). */
const MAX_KEPT_INSERTS = 200_000;
const MAX_INSERTS_PER_BLOCK = 5_000;
const MAX_ATTRIBUTE_VALUES = 20;

export class DrawingTakeoff implements DrawingSink {
  drawingHeader: DrawingHeader = { dimensionDefaults: {} };
  readonly layers = new Map<string, LayerTally>();
  readonly dimensionStyles = new Map<string, DimensionStyle>();
  readonly blockRecords: BlockRecord[] = [];
  readonly blockDefinitions = new Map<string, BlockDefinitionSummary>();
  /** Keyed by layer + NUL + block. */
  readonly placedBlocks = new Map<string, PlacedBlock>();
  /** Model-space INSERTs (attributes dropped), in file order, for the symbols' positions. */
  readonly modelInserts: InsertEntity[] = [];
  readonly modelTexts: PlacedText[] = [];
  readonly paperTexts = new Map<string, string[]>();
  readonly closedOutlines: ClosedOutline[] = [];
  readonly dimensions: DimensionEntity[] = [];
  /** 3D polylines and meshes: drawn, but not plan linework (see warnings). */
  readonly nonPlanarPolylines = new Map<string, number>();
  /** The pieces of wall layers' model-space linework, for pairing wall faces (wall-faces.ts). */
  readonly wallLinework = new Map<string, WallLinework>();

  header(header: DrawingHeader): void {
    this.drawingHeader = header;
  }

  dimensionStyle(style: DimensionStyle): void {
    this.dimensionStyles.set(style.name.toUpperCase(), style);
  }

  blockRecord(record: BlockRecord): void {
    this.blockRecords.push(record);
  }

  blockDefinition(name: string, flags: number, basePoint?: Point2): void {
    const existing = this.blockDefinitions.get(name);
    if (existing) {
      if (basePoint) existing.base = basePoint;
      return;
    }
    this.blockDefinitions.set(name, {
      name,
      flags,
      children: new Map(),
      texts: [],
      attributeTags: new Set(),
      base: basePoint ?? { x: 0, y: 0 },
      inserts: [],
    });
  }

  entity(entity: DrawingEntity, owner: EntityOwner): void {
    if (owner.space === 'model') this.modelSpaceEntity(entity);
    else if (owner.space === 'block') this.blockEntity(entity, owner.block);
    else if (entity.type === 'TEXT' || entity.type === 'MTEXT') {
      const texts = this.paperTexts.get(owner.layout) ?? [];
      if (entity.text) texts.push(entity.text);
      this.paperTexts.set(owner.layout, texts);
    }
  }

  private layer(name: string): LayerTally {
    let tally = this.layers.get(name);
    if (!tally) {
      tally = { name, length: 0, area: 0, entityCount: 0 };
      this.layers.set(name, tally);
    }
    return tally;
  }

  private modelSpaceEntity(entity: DrawingEntity): void {
    const layer = this.layer(entity.layer);
    layer.entityCount++;
    if (WALL_LAYER.test(entity.layer)) this.wallPiece(entity);
    switch (entity.type) {
      case 'LINE':
        layer.length += distance3(entity.start, entity.end);
        break;
      case 'ARC':
        layer.length += arcLength(entity.radius, entity.startAngle, entity.endAngle);
        break;
      case 'CIRCLE':
        layer.length += 2 * Math.PI * Math.abs(entity.radius);
        break;
      case 'LWPOLYLINE':
      case 'POLYLINE': {
        if (entity.shape !== '2d') {
          this.nonPlanarPolylines.set(entity.layer, (this.nonPlanarPolylines.get(entity.layer) ?? 0) + 1);
          break;
        }
        const perimeter = polylineLength(entity.vertices, entity.closed);
        layer.length += perimeter;
        if (entity.closed && entity.vertices.length >= 2) {
          const area = polylineArea(entity.vertices);
          layer.area += area;
          const vertices = entity.extrusion
            ? entity.vertices.map((p) => ({
                ...ocsToWcs({ x: p.x, y: p.y, z: entity.elevation }, entity.extrusion),
                bulge: p.bulge,
              }))
            : entity.vertices;
          this.closedOutlines.push({ layer: entity.layer, vertices, area, perimeter });
        }
        break;
      }
      case 'INSERT':
        this.placeBlock(entity);
        break;
      case 'TEXT':
      case 'MTEXT':
        if (entity.text) {
          this.modelTexts.push({
            text: entity.text,
            layer: entity.layer,
            position: entity.position,
            height: entity.height,
          });
        }
        break;
      case 'DIMENSION':
        this.dimensions.push(entity);
        break;
      default:
        break;
    }
  }

  private wallPiece(entity: DrawingEntity): void {
    let linework = this.wallLinework.get(entity.layer);
    if (!linework) {
      linework = emptyWallLinework();
      this.wallLinework.set(entity.layer, linework);
    }
    if (entity.type === 'LINE') linework.segments.push([entity.start, entity.end]);
    else if (entity.type === 'ARC')
      linework.arcs.push({
        center: entity.center,
        radius: entity.radius,
        start: (entity.startAngle * Math.PI) / 180,
        end: (entity.endAngle * Math.PI) / 180,
      });
    else if (entity.type === 'CIRCLE') linework.otherLength += 2 * Math.PI * Math.abs(entity.radius);
    else if ((entity.type === 'LWPOLYLINE' || entity.type === 'POLYLINE') && entity.shape === '2d') {
      const points = entity.extrusion
        ? entity.vertices.map((p) => ({
            ...ocsToWcs({ x: p.x, y: p.y, z: entity.elevation }, entity.extrusion),
            bulge: p.bulge,
          }))
        : entity.vertices;
      const count = entity.closed ? points.length : points.length - 1;
      for (let i = 0; i < count; i++) {
        const a = points[i]!;
        const b = points[(i + 1) % points.length]!;
        if (a.bulge === 0) linework.segments.push([a, b]);
        else linework.otherLength += bulgeSegmentLength(a, b);
      }
    }
  }

  private placeBlock(insert: InsertEntity): void {
    if (this.modelInserts.length < MAX_KEPT_INSERTS) this.modelInserts.push({ ...insert, attributes: [] });
    const key = `${insert.layer}\u0000${insert.block}`;
    let placed = this.placedBlocks.get(key);
    if (!placed) {
      placed = { block: insert.block, layer: insert.layer, instances: 0, attributes: new Map() };
      this.placedBlocks.set(key, placed);
    }
    placed.instances += insert.columns * insert.rows;
    for (const attribute of insert.attributes) {
      const values = placed.attributes.get(attribute.tag) ?? new Set<string>();
      if (values.size < MAX_ATTRIBUTE_VALUES && attribute.value) values.add(attribute.value);
      placed.attributes.set(attribute.tag, values);
      // Room tags are often blocks whose attributes carry the room name.
      if (attribute.value) {
        this.modelTexts.push({
          text: attribute.value,
          layer: insert.layer,
          position: attribute.position,
          height: 0,
          tag: attribute.tag,
        });
      }
    }
  }

  private blockEntity(entity: DrawingEntity, blockName: string): void {
    this.blockDefinition(blockName, 0);
    const block = this.blockDefinitions.get(blockName)!;
    extendBlockExtent(block, entity);
    if (entity.type === 'INSERT') {
      block.children.set(entity.block, (block.children.get(entity.block) ?? 0) + entity.columns * entity.rows);
      if (block.inserts.length < MAX_INSERTS_PER_BLOCK) block.inserts.push({ ...entity, attributes: [] });
    } else if ((entity.type === 'MTEXT' || entity.type === 'TEXT') && blockName.startsWith('*')) {
      if (block.texts.length < MAX_TEXTS_PER_BLOCK && entity.text) block.texts.push(entity.text);
    } else if (entity.type === 'ATTDEF' && entity.tag) {
      block.attributeTags.add(entity.tag);
    }
  }
}

/** Grows a block's extent by an entity drawn in it (a bulged polyline by its vertices). */
function extendBlockExtent(block: BlockDefinitionSummary, entity: DrawingEntity): void {
  const points: Point2[] = [];
  switch (entity.type) {
    case 'LINE':
      points.push(entity.start, entity.end);
      break;
    case 'CIRCLE': {
      const r = Math.abs(entity.radius);
      points.push(
        { x: entity.center.x - r, y: entity.center.y - r },
        { x: entity.center.x + r, y: entity.center.y + r },
      );
      break;
    }
    case 'ARC': {
      // Its ends and the quarter points it sweeps through (a door's swing is a quarter, not a circle).
      const r = Math.abs(entity.radius);
      let span = (entity.endAngle - entity.startAngle) % 360;
      if (span <= 0) span += 360;
      const at = (deg: number) => ({
        x: entity.center.x + r * Math.cos((deg * Math.PI) / 180),
        y: entity.center.y + r * Math.sin((deg * Math.PI) / 180),
      });
      points.push(at(entity.startAngle), at(entity.startAngle + span));
      for (let quarter = Math.ceil(entity.startAngle / 90) * 90; quarter < entity.startAngle + span; quarter += 90)
        points.push(at(quarter));
      break;
    }
    case 'LWPOLYLINE':
    case 'POLYLINE':
      if (!entity.extrusion) points.push(...entity.vertices);
      break;
    case 'INSERT':
      points.push(entity.position);
      break;
    default:
      return;
  }
  for (const { x, y } of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const e = (block.extent ??= { minX: x, minY: y, maxX: x, maxY: y });
    e.minX = Math.min(e.minX, x);
    e.minY = Math.min(e.minY, y);
    e.maxX = Math.max(e.maxX, x);
    e.maxY = Math.max(e.maxY, y);
  }
}
