/** Turns what a drawing added up to into the analysis object, in feet and square feet. */
import type { AnalysisOverrides, DocumentAnalysis, LayerTotals, PageAnalysis, Quantity } from '../analysis.types';
import { categorizeBlock, localBlockName } from './block-categories';
import { blockPositions, countBlocks } from './block-counts';
import type { DrawingTakeoff } from './drawing-takeoff';
import { decideDrawingUnits } from './drawing-units-check';
import type { LineworkTakeoff } from './linework-rooms';
import { findRooms } from './rooms';
import { wallLength } from './wall-faces';
import { roomsApart } from '../rooms-apart';

/** A wall layer's wall length in feet (its faces paired), as LayerTotals.wallLengthFt. */
function wallLengthOf(takeoff: DrawingTakeoff, layer: string, toFeet: number): { wallLengthFt?: number } {
  const linework = takeoff.wallLinework.get(layer);
  const length = linework && wallLength(linework, toFeet);
  return length !== undefined && length > 0 ? { wallLengthFt: length * toFeet } : {};
}

const MAX_PAGE_TEXT_CHARS = 2_000_000;

export function summarizeDrawing(
  takeoff: DrawingTakeoff,
  kind: 'dxf' | 'dwg',
  extraWarnings: string[] = [],
  overrides: AnalysisOverrides = {},
  lineworkRooms: (feetPerUnit: number) => LineworkTakeoff = () => ({ rooms: [], notes: [], doors: [] }),
): DocumentAnalysis {
  const { units, warnings } = decideDrawingUnits(takeoff, overrides.units);
  const toFeet = units.feetPerUnit;

  const layers: LayerTotals[] = [...takeoff.layers.values()]
    .map((layer) => ({
      name: layer.name,
      lengthFt: layer.length * toFeet,
      areaSqFt: layer.area * toFeet * toFeet,
      entityCount: layer.entityCount,
      ...wallLengthOf(takeoff, layer.name, toFeet),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

  const { blocks, instancesByLayer, recursiveBlocks } = countBlocks(takeoff);
  const positions = blockPositions(takeoff);
  for (const block of blocks) {
    const at = positions.get(block.name);
    if (at?.length) block.at = at;
  }
  // A room drawn as a closed outline is measured by it; a room only its walls bound, by their face round its name.
  const outlined = findRooms(takeoff.closedOutlines, takeoff.modelTexts, toFeet);
  const named = new Set(outlined.map((room) => room.name.toUpperCase()));
  // Walls measured in units their own dimensions contradict would give rooms of a doll's house: not searched.
  const byWalls = units.suggested ? { rooms: [], notes: [], doors: [] } : lineworkRooms(toFeet);
  const rooms = roomsApart(
    [...outlined, ...byWalls.rooms.filter((room) => !named.has(room.name.toUpperCase()))].sort((a, b) =>
      a.name.localeCompare(b.name),
    ),
  );
  // What the search could not measure, but of rooms an outline measured.
  for (const note of byWalls.notes)
    if (!note.names.every((name) => named.has(name.toUpperCase()))) warnings.push(note.message);

  const quantities: Quantity[] = [];
  for (const layer of layers) {
    if (layer.lengthFt > 0) {
      quantities.push({
        description: `Linework on layer ${layer.name}`,
        quantity: layer.lengthFt,
        unit: 'ft',
        source: { layer: layer.name },
      });
    }
    if (layer.areaSqFt > 0) {
      quantities.push({
        description: `Closed outlines on layer ${layer.name}`,
        quantity: layer.areaSqFt,
        unit: 'sq ft',
        source: { layer: layer.name },
      });
    }
  }
  for (const room of rooms) {
    quantities.push({
      description: `Room ${room.name}: floor area`,
      quantity: room.areaSqFt,
      unit: 'sq ft',
      source: { layer: room.layer },
    });
  }
  const dynamicNames = new Map(blocks.filter((b) => b.dynamicBlockName).map((b) => [b.name, b.dynamicBlockName!]));
  for (const [layer, counts] of [...instancesByLayer].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [block, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
      const shownName = dynamicNames.get(block) ?? localBlockName(block);
      const tags = new Set<string>(takeoff.blockDefinitions.get(block)?.attributeTags ?? []);
      const placed = takeoff.placedBlocks.get(`${layer}\u0000${block}`);
      for (const tag of placed?.attributes.keys() ?? []) tags.add(tag);
      const category = categorizeBlock(shownName, tags);
      if (!category || count <= 0) continue;
      quantities.push({
        description: `${category.label} (block ${shownName})`,
        quantity: count,
        unit: 'ea',
        source: { layer, block },
      });
    }
  }

  // Doors drawn as linework (a leaf and its swing, no door block): counted by their swings, as on a PDF sheet
  // (sliding, pocket and overhead doors have none).
  const doorBlocks = quantities.some((q) => q.source.block && /\bdoor/i.test(q.description));
  if (!doorBlocks && byWalls.doors.length)
    quantities.push({
      description: 'door swings on the plan',
      quantity: byWalls.doors.length,
      unit: 'ea',
      source: {},
    });
  for (const [layer, count] of takeoff.nonPlanarPolylines) {
    warnings.push(
      `${count} 3D polyline${count === 1 ? '' : 's'} or mesh${count === 1 ? '' : 'es'} on layer ${layer} ` +
        'are not counted in the layer lengths and areas, which cover plan linework only.',
    );
  }
  if (recursiveBlocks.length > 0) {
    warnings.push(
      `Block${recursiveBlocks.length === 1 ? '' : 's'} ${recursiveBlocks.join(', ')} contain themselves, ` +
        'which a valid drawing cannot do; their nested instances were counted once.',
    );
  }
  warnings.push(...extraWarnings);

  const pages: PageAnalysis[] = [];
  const modelText = takeoff.modelTexts.map((t) => t.text).join('\n');
  pages.push({ number: 1, title: 'Model space', text: modelText.slice(0, MAX_PAGE_TEXT_CHARS) });
  for (const [layout, texts] of takeoff.paperTexts) {
    if (texts.length === 0) continue;
    pages.push({
      number: pages.length + 1,
      title: `Layout ${layout}`,
      text: texts.join('\n').slice(0, MAX_PAGE_TEXT_CHARS),
    });
  }

  return {
    status: 'analyzed',
    kind,
    units,
    layers,
    blocks,
    rooms,
    warnings,
    pages,
    quantities,
  };
}
