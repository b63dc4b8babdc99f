/**
 * Block instance counts: direct model-space instances, and everything nested
 * inside them, multiplied through (6 × a block holding 9 arrows = 54 arrows).
 */
import type { BlockCount } from '../analysis.types';
import type { DrawingTakeoff } from './drawing-takeoff';

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
