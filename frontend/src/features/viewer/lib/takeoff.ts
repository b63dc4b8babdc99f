import type { Point } from './geometry';
import { handMeasurementFeetPerPoint } from '@kerf/takeoff';
import { unitName } from '@/features/documents';
import type { TakeoffItem, TakeoffToMaterial, ViewerAnalysis, ViewerPage } from '@/features/viewer/api/viewer';

export type TakeoffUnit = 'SF' | 'LF' | 'EA';

export type TakeoffGroupId = 'room' | 'layer' | 'symbol' | 'item';

/** One line of the takeoff beside the sheet; `key` is what the URL's `item=` names. */
export type TakeoffRow = {
  key: string;
  group: TakeoffGroupId;
  label: string;
  detail?: string;
  quantity: number;
  unit: TakeoffUnit;
  page?: number;
  /** A room's outline or an area item's polygon, in page points. */
  outline?: Point[];
  /** Rings cut out of an area item's outline, drawn as cut-outs. */
  holes?: Point[][];
  /** A length item's polyline. */
  line?: Point[];
  /** Straight lines a quantity was measured along (a PDF page's walls), drawn when the row is chosen. */
  lines?: Array<[Point, Point]>;
  /** Where counted symbols (or count items' clicks) are. */
  marks?: Point[];
  send: TakeoffToMaterial;
  itemId?: string;
};

export type TakeoffGroup = {
  id: TakeoffGroupId;
  title: string;
  rows: TakeoffRow[];
  totals: Array<{ unit: TakeoffUnit; quantity: number }>;
};

export const rowKey = (group: TakeoffGroupId, name: string) => `${group}:${name}`;

const GROUP_TITLES: Record<TakeoffGroupId, string> = {
  room: 'Rooms',
  layer: 'Lengths by layer',
  symbol: 'Symbol counts',
  item: 'Your measurements',
};

const UNIT_OF_KIND = { length: 'LF', area: 'SF', count: 'EA' } as const;

/** Whether something on `page` belongs on the shown page: things without a page (DXF) belong everywhere. */
const onPage = (page: number | undefined, shown: number | undefined) =>
  page === undefined || shown === undefined || page === shown;

function totals(rows: TakeoffRow[]): TakeoffGroup['totals'] {
  const byUnit = new Map<TakeoffUnit, number>();
  for (const row of rows) byUnit.set(row.unit, (byUnit.get(row.unit) ?? 0) + row.quantity);
  return [...byUnit].map(([unit, quantity]) => ({ unit, quantity }));
}

/**
 * The takeoff of one page of a document (every page when `page` is undefined), grouped:
 * rooms with their areas, lengths by layer, symbol counts (a DXF's blocks), the user's own items.
 * Groups with nothing in them are left out.
 */
export function takeoffGroups(
  documentId: string,
  analysis: ViewerAnalysis | undefined,
  items: readonly TakeoffItem[],
  page: number | undefined,
): TakeoffGroup[] {
  const rows: TakeoffRow[] = [];
  // Rooms measured further from what their tags print than a takeoff may be: said in their rows.
  const differing = new Set(
    (analysis?.roomNotes ?? [])
      .filter((note) => note.kind === 'printed-area-differs' || note.kind === 'printed-size-differs')
      .flatMap((note) => note.rooms.map((room) => `${note.page}:${room.name}`)),
  );
  for (const room of analysis?.rooms ?? []) {
    if (!onPage(room.page, page)) continue;
    rows.push({
      key: rowKey('room', room.name),
      group: 'room',
      label: room.name,
      // A room of a drawing at another scale than the page's (an enlarged plan beside the plan) says its scale;
      // what its tag prints (an area, a size) stands beside the measured figure, to check one against the other.
      detail:
        [
          room.perimeterFt ? `${formatQuantity(room.perimeterFt)} LF perimeter` : '',
          room.scale ? `at ${room.scale.note}` : '',
          printedInTag(room),
          differing.has(`${room.page}:${room.name}`) ? 'differs from its tag' : '',
        ]
          .filter(Boolean)
          .join(' · ') || undefined,
      quantity: room.areaSqFt,
      unit: 'SF',
      page: room.page,
      outline: room.outline && room.outline.length >= 3 ? room.outline : undefined,
      send: { documentId, page: room.page, room: room.name },
    });
  }
  for (const layer of analysis?.layers ?? []) {
    if (!onPage(layer.page, page) || !(layer.lengthFt > 0)) continue;
    const lines = `${layer.entityCount} ${layer.entityCount === 1 ? 'line' : 'lines'}`;
    rows.push({
      key: rowKey('layer', layer.name),
      group: 'layer',
      label: layer.name,
      // A wall layer draws both faces of each wall: its walls, each once, are what a partition is priced by.
      detail: layer.wallLengthFt ? `walls, each once (${formatQuantity(layer.lengthFt)} LF of lines drawn)` : lines,
      quantity: layer.wallLengthFt ?? layer.lengthFt,
      unit: 'LF',
      page: layer.page,
      lines: layer.wallLines?.length ? layer.wallLines : undefined,
      send: { documentId, page: layer.page, layer: layer.name },
    });
  }
  for (const symbol of analysis?.symbols ?? []) {
    if (!onPage(symbol.page, page)) continue;
    rows.push({
      key: rowKey('symbol', symbol.name),
      group: 'symbol',
      label: symbol.name,
      quantity: symbol.count,
      unit: 'EA',
      page: symbol.page,
      marks: symbol.at,
      send: { documentId, page: symbol.page, symbol: symbol.name },
    });
  }
  // A DXF's block references are its symbol counts.
  for (const block of analysis?.blocks ?? []) {
    rows.push({
      key: rowKey('symbol', block.name),
      group: 'symbol',
      label: block.name,
      quantity: block.totalCount ?? block.count,
      unit: 'EA',
      marks: block.at?.length ? block.at : undefined,
      send: { documentId, symbol: block.name },
    });
  }
  for (const item of items) {
    if (!onPage(item.page, page)) continue;
    rows.push({
      key: rowKey('item', item.id),
      group: 'item',
      label: item.name,
      detail: item.category ?? undefined,
      quantity: Number(item.quantity),
      unit: item.unit ?? UNIT_OF_KIND[item.kind],
      page: item.page,
      outline: item.kind === 'area' ? item.points : undefined,
      holes: item.kind === 'area' && item.holes?.length ? item.holes : undefined,
      line: item.kind === 'length' ? item.points : undefined,
      marks: item.kind === 'count' ? item.points : undefined,
      send: { documentId, itemId: item.id },
      itemId: item.id,
    });
  }
  return (['room', 'layer', 'symbol', 'item'] as const)
    .map((id) => {
      const groupRows = rows.filter((row) => row.group === id);
      // Layers overlap (a wall layer's walls and the pens that draw them, text, dimensions): no sum means anything.
      return { id, title: GROUP_TITLES[id], rows: groupRows, totals: id === 'layer' ? [] : totals(groupRows) };
    })
    .filter((group) => group.rows.length > 0);
}

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatQuantity(quantity: number): string {
  return quantityFormat.format(quantity);
}

/**
 * The page's scale in feet per point: the analysis' scale, or a calibration not yet worked into it; null without.
 * With `points`, the scale they are measured at (a drawing's own on a sheet of several scales).
 */
export function feetPerPoint(
  analysis: ViewerAnalysis | undefined,
  page: ViewerPage | undefined,
  points: readonly Point[] = [],
): number | null {
  if (!page) return null;
  // A calibration, or on a sheet with drawings at several scales the scale of the drawing measured in, as
  // the documents service measures it.
  const calibrated = analysis?.overrides?.pageScales?.[String(page.number)]?.feetPerPoint;
  return handMeasurementFeetPerPoint(calibrated, page, points);
}

/** "this drawing's units (feet) set its scale", for the Calibrate tool's tooltip and the help under the toolbar. */
export function drawingScaleText(analysis: ViewerAnalysis | undefined): string {
  const unit = analysis?.units?.usedAs;
  return `this drawing's units${unit ? ` (${unitName(unit)})` : ''} set its scale`;
}

/** What a room's tag prints of its size: "tag: 189 SF", "tag: 12'-0\" x 11'-6\"". */
function printedInTag(room: { printedAreaSqFt?: number; printedSize?: string }): string {
  const printed = [
    room.printedAreaSqFt !== undefined ? `${formatQuantity(room.printedAreaSqFt)} SF` : '',
    room.printedSize ?? '',
  ].filter(Boolean);
  return printed.length ? `tag: ${printed.join(', ')}` : '';
}

/** The scale note written on the page, when it was read but not turned into a scale. */
export function scaleNote(page: ViewerPage | undefined): string | null {
  const scale = page?.scale;
  if (typeof scale === 'string') return scale || null;
  return scale?.note ?? null;
}

/** Feet per point from two points a known distance apart, as the calibration API works it out. */
export function calibratedFeetPerPoint(
  lengthPts: number,
  distanceValue: number,
  unit: 'in' | 'ft' | 'mm' | 'cm' | 'm',
) {
  const feet = { in: 1 / 12, ft: 1, mm: 1 / 304.8, cm: 1 / 30.48, m: 1 / 0.3048 }[unit] * distanceValue;
  return lengthPts > 0 ? feet / lengthPts : 0;
}
