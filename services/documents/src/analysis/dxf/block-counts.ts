/**
 * Block instance counts: direct model-space instances, and everything nested
 * inside them, multiplied through (6 × a block holding 9 arrows = 54 arrows).
 */
import type { BlockCount } from '../analysis.types';
import type { DrawingTakeoff } from './drawing-takeoff';
import { MAX_NESTING, apply, compose, insertTransforms, type Transform } from './placement';

export interface BlockCountResult {
  blocks: BlockCount[];
  /** Per model-space layer and top-level placement: every block instance it brings, nested ones included. */
  instancesByLayer: Map<string, Map<string, number>>;
  /** Blocks that contain themselves (a corrupt drawing); their nesting was not followed. */
  recursiveBlocks: string[];
}

export function countBlocks(takeoff: DrawingTakeoff): BlockCountResult {
  const recursiveBlocks = new Set<string>();
  const expansions = new Map<string, Map<string, number>>();

  /** All instances nested inside one instance of `name`, by block name. */
  const expand = (name: string, path: Set<string>): Map<string, number> => {
    const cached = expansions.get(name);
    if (cached) return cached;
    const result = new Map<string, number>();
    const definition = takeoff.blockDefinitions.get(name);
    if (definition) {
      path.add(name);
      for (const [child, count] of definition.children) {
        if (path.has(child)) {
          recursiveBlocks.add(child);
          continue;
        }
        add(result, child, count);
        for (const [grandchild, nested] of expand(child, path)) add(result, grandchild, count * nested);
      }
      path.delete(name);
    }
    expansions.set(name, result);
    return result;
  };

  const direct = new Map<string, number>();
  const total = new Map<string, number>();
  const instancesByLayer = new Map<string, Map<string, number>>();
  for (const placed of takeoff.placedBlocks.values()) {
    add(direct, placed.block, placed.instances);
    add(total, placed.block, placed.instances);
    const onLayer = instancesByLayer.get(placed.layer) ?? new Map<string, number>();
    instancesByLayer.set(placed.layer, onLayer);
    add(onLayer, placed.block, placed.instances);
    for (const [nested, count] of expand(placed.block, new Set())) {
      add(total, nested, placed.instances * count);
      add(onLayer, nested, placed.instances * count);
    }
  }

  const dynamicNames = dynamicBlockNames(takeoff);
  const blocks: BlockCount[] = [...total.entries()]
    .map(([name, totalCount]) => {
      const block: BlockCount = { name, count: direct.get(name) ?? 0, totalCount };
      const dynamic = dynamicNames.get(name);
      if (dynamic) block.dynamicBlockName = dynamic;
      const contains = [...expand(name, new Set()).keys()].sort((a, b) => a.localeCompare(b));
      if (contains.length) block.contains = contains;
      return block;
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { blocks, instancesByLayer, recursiveBlocks: [...recursiveBlocks] };
}

/** `*U12` → 'Door - Single', through the block record's AcDbBlockRepBTag handle. */
export function dynamicBlockNames(takeoff: DrawingTakeoff): Map<string, string> {
  const byHandle = new Map<string, string>();
  for (const record of takeoff.blockRecords) if (record.handle) byHandle.set(record.handle.toUpperCase(), record.name);
  const names = new Map<string, string>();
  for (const record of takeoff.blockRecords) {
    if (!record.dynamicBlockHandle) continue;
    const name = byHandle.get(record.dynamicBlockHandle.toUpperCase());
    if (name && name !== record.name) names.set(record.name, name);
  }
  return names;
}

function add(map: Map<string, number>, key: string, amount: number): void {
  map.set(key, (map.get(key) ?? 0) + amount);
}

/** Past this many placed instances in all (nested grids multiply), positions stop being worked out. */
const MAX_PLACED_INSTANCES = 200_000;
/** Positions kept per block: enough to circle every door on a large plan, bounded for the analysis JSON. */
export const MAX_POSITIONS_PER_BLOCK = 5_000;

/**
 * Where each instance of each block is, in drawing coordinates: the centre of the
 * block's drawing (its insertion point when it draws nothing), direct model-space
 * instances and nested ones placed through their parents, as the viewer draws them.
 */
export function blockPositions(takeoff: DrawingTakeoff): Map<string, Array<[number, number]>> {
  const positions = new Map<string, Array<[number, number]>>();
  let placed = 0;
  const visit = (name: string, t: Transform, depth: number) => {
    if (placed >= MAX_PLACED_INSTANCES) return;
    placed++;
    const definition = takeoff.blockDefinitions.get(name);
    const e = definition?.extent;
    const centre = e ? { x: (e.minX + e.maxX) / 2, y: (e.minY + e.maxY) / 2 } : (definition?.base ?? { x: 0, y: 0 });
    const [x, y] = apply(t, centre.x, centre.y);
    let list = positions.get(name);
    if (!list) positions.set(name, (list = []));
    if (list.length < MAX_POSITIONS_PER_BLOCK && Number.isFinite(x) && Number.isFinite(y))
      list.push([roundPosition(x), roundPosition(y)]);
    if (!definition || depth >= MAX_NESTING) return;
    for (const child of definition.inserts) {
      const base = takeoff.blockDefinitions.get(child.block)?.base ?? { x: 0, y: 0 };
      for (const local of insertTransforms(child, base)) visit(child.block, compose(t, local), depth + 1);
    }
  };
  for (const insert of takeoff.modelInserts) {
    const base = takeoff.blockDefinitions.get(insert.block)?.base ?? { x: 0, y: 0 };
    for (const t of insertTransforms(insert, base)) visit(insert.block, t, 0);
  }
  return positions;
}

function roundPosition(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
