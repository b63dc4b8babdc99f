/** Lengths and areas of what a question names: layers' linework and walls, rooms, the building's outline, written figures. */
import type { DocumentAnalysis } from '@kerf/contracts';
import type { QuantityOrigin } from '@kerf/takeoff';
import type { AnalysedDocument, SourcedQuantity } from '../sourced-quantity';
import { pageOf, pagePlace, quantityOf, restatesLayer, unique, writtenOrigin } from './document-quantities';
import { isSubject, LABELS, materialOf, names, subjectNamed } from './question-subjects';

/**
 * The length of a layer: for a wall layer, its walls each once (wallLengthFt)
 * and, beside it, its linework; for any other layer, its linework.
 */
export function layerLengths(
  doc: AnalysedDocument,
  layer: NonNullable<DocumentAnalysis['layers']>[number],
  subject?: string,
) {
  const place = { layer: layer.name, ...pagePlace(doc, layer) };
  const base = { unit: 'ft', place, kind: 'layer' as const, ref: layer.name, page: pageOf(layer) };
  const wallLayer = subject === 'wall' || subjectNamed(layer.name) === 'wall';
  const linework = quantityOf(doc, {
    ...base,
    description: `${layer.name} linework`,
    quantity: layer.lengthFt,
    ...(wallLayer ? { figure: 'linework' as const } : {}),
    material: materialOf(`${layer.name}`, layer.name, subject),
  });
  if (!wallLayer) return [linework];
  if (layer.wallLengthFt === undefined) return [linework];
  return [
    quantityOf(doc, {
      ...base,
      description: 'walls',
      quantity: layer.wallLengthFt,
      figure: 'wall length',
      material: materialOf('walls', layer.name, 'wall'),
    }),
    linework,
  ];
}

export function lengths(subject: string, documents: AnalysedDocument[]): SourcedQuantity[] {
  return unique([
    ...documents.flatMap((doc) =>
      (doc.analysis.layers ?? [])
        .filter((layer) => layer.lengthFt > 0 && isSubject(layer.name, subject))
        .flatMap((layer) => layerLengths(doc, layer, subject)),
    ),
    ...written(subject, documents, ['ft']),
  ]);
}

/** Quantities a spec, schedule or spreadsheet states in writing ("120 LF 2\" PVC pipe"), in the given units. */
export function written(subject: string, documents: AnalysedDocument[], units?: string[]): SourcedQuantity[] {
  return documents.flatMap((doc) =>
    doc.analysis.quantities
      .filter(
        (quantity) =>
          quantity.quantity > 0 &&
          (!units || units.includes(quantity.unit)) &&
          names(quantity.description, subject) &&
          // Block counts are answered from the blocks themselves, layer totals from the layers.
          !quantity.source.block &&
          !restatesLayer(doc, quantity),
      )
      .map((quantity) =>
        quantityOf(doc, {
          description: quantity.description,
          quantity: quantity.quantity,
          unit: quantity.unit,
          place: quantity.source,
          ...writtenOrigin(quantity.source, quantity.description),
          material: materialOf(quantity.description, quantity.description),
        }),
      ),
  );
}

const FLOOR_WORDS = ['room', 'floor', 'area', 'space', 'slab', 'flooring'];
/** Questions about the building as a whole ("the footprint", "the area of the house", "the floor area"). */
const BUILDING_WORDS = ['footprint', 'house', 'building', 'home', 'gross', 'floor', 'area'];
/** A layer that outlines the building rather than its rooms: A-FOOTPRINT, A-FLOR-OTLN, A-AREA-GROS, BLDG-OUTLINE. */
const FOOTPRINT_LAYER = /foot ?print|ftprnt|otln|outline|gros|\bgfa\b|bldg|building/i;

function footprints(doc: AnalysedDocument) {
  return (doc.analysis.layers ?? []).filter((layer) => layer.areaSqFt > 0 && FOOTPRINT_LAYER.test(layer.name));
}

/** Where a measured room's figure comes from: a PDF room by its sheet and page (its 'layer' is only the stroke style of its outline). */
function roomOrigin(doc: AnalysedDocument, room: NonNullable<AnalysedDocument['analysis']['rooms']>[number]) {
  return {
    place:
      pageOf(room) !== undefined
        ? { ...pagePlace(doc, room), room: room.name }
        : { layer: room.layer, room: room.name },
    kind: 'room' as const,
    ref: room.name,
    page: pageOf(room),
  };
}

/**
 * The perimeters of the measured rooms named `rooms` (their outlines' length: a room's wall length for base or
 * paint). With `finish` (what runs along them, "Baseboard"), each is proposed as that finish of its room.
 */
export function roomPerimeters(
  rooms: readonly string[],
  documents: AnalysedDocument[],
  finish?: string,
): SourcedQuantity[] {
  return measuredRooms(rooms, documents).map(({ doc, room }) =>
    quantityOf(doc, {
      description: `${room.name} perimeter`,
      quantity: room.perimeterFt,
      unit: 'ft',
      ...roomOrigin(doc, room),
      material: finish
        ? { name: `${finish}, ${room.name}`, category: 'Finishes' }
        : { name: `${room.name} perimeter`, category: 'Walls' },
    }),
  );
}

/** The floor areas of the measured rooms named `rooms`, each proposed as the floor finish laid in it ("Carpet, BEDROOM 2"). */
export function roomFloorAreas(rooms: readonly string[], documents: AnalysedDocument[], finish: string) {
  return measuredRooms(rooms, documents).map(({ doc, room }) =>
    quantityOf(doc, {
      description: room.name,
      quantity: room.areaSqFt,
      unit: 'sq ft',
      ...roomOrigin(doc, room),
      material: { name: `${finish}, ${room.name}`, category: 'Floors' },
    }),
  );
}

function measuredRooms(rooms: readonly string[], documents: AnalysedDocument[]) {
  return documents.flatMap((doc) =>
    (doc.analysis.rooms ?? []).filter((room) => rooms.includes(room.name)).map((room) => ({ doc, room })),
  );
}

/** Spaces outside the building's rooms: no floor finish, base or wall board is taken off for them unless named. */
export const OUTDOOR_SPACE = /\b(deck|porch|patio|terrace|balcony|veranda|lanai|breezeway|carport)\b/i;
/** A garage: walled and often boarded, but no floor finish or base. */
export const GARAGE = /\bgarage\b/i;

export function areas(subject: string | null, documents: AnalysedDocument[]): SourcedQuantity[] {
  const found: SourcedQuantity[] = [];
  for (const doc of documents) {
    // The building's outline answers a question about the building; the rooms inside it are its parts,
    // so they are not listed beside it (never a total beside its own parts).
    const outlines = !subject || BUILDING_WORDS.includes(subject) ? footprints(doc) : [];
    if (outlines.length) {
      for (const layer of outlines) found.push(footprintArea(doc, layer));
      continue;
    }
    for (const room of doc.analysis.rooms ?? [])
      if (!subject || FLOOR_WORDS.includes(subject) || names(room.name, subject))
        found.push(
          quantityOf(doc, {
            description: room.name,
            quantity: room.areaSqFt,
            unit: 'sq ft',
            ...roomOrigin(doc, room),
            // "room area", not "floor area": a room is not the building's floor area the estimate checks against.
            material: { name: `${room.name} room area`, category: 'Floors' },
          }),
        );
    if (subject)
      for (const layer of doc.analysis.layers ?? [])
        if (layer.areaSqFt > 0 && isSubject(layer.name, subject)) found.push(layerArea(doc, layer));
    for (const quantity of doc.analysis.quantities)
      if (
        /sq\.?\s*ft|sf/i.test(quantity.unit) &&
        (!subject || names(quantity.description, subject)) &&
        !restatesLayer(doc, quantity) &&
        !restatesRoom(doc, quantity)
      )
        found.push(
          quantityOf(doc, {
            description: quantity.description,
            quantity: quantity.quantity,
            unit: 'sq ft',
            place: quantity.source,
            ...writtenOrigin(quantity.source, quantity.description),
            material: materialOf(quantity.description, quantity.description),
          }),
        );
  }
  return unique(found);
}

/** A printed room area ("120 SF — OFFICE") of a room the sheet's linework measures: the room is listed, with its printed figure beside it in the analysis. */
function restatesRoom(doc: AnalysedDocument, quantity: DocumentAnalysis['quantities'][number]): boolean {
  return (doc.analysis.rooms ?? []).some(
    (room) =>
      (room as { printedAreaSqFt?: number }).printedAreaSqFt !== undefined &&
      pageOf(room) === quantity.source.page &&
      quantity.description.toUpperCase().includes(room.name.toUpperCase()),
  );
}

/** A layer's closed outlines as a quantity: their area, cited by the layer and its page. */
function closedArea(doc: AnalysedDocument, layer: NonNullable<DocumentAnalysis['layers']>[number]) {
  return {
    quantity: layer.areaSqFt,
    unit: 'sq ft',
    place: { layer: layer.name, ...pagePlace(doc, layer) },
    kind: 'layer' as const,
    ref: layer.name,
    page: pageOf(layer),
  };
}

function footprintArea(doc: AnalysedDocument, layer: NonNullable<DocumentAnalysis['layers']>[number]) {
  const short = layer.name.split('$').pop() ?? layer.name;
  return quantityOf(doc, {
    description: 'footprint',
    ...closedArea(doc, layer),
    material: { name: `Floor area, footprint (${short})`, category: 'Floors' },
  });
}

export function layerArea(
  doc: AnalysedDocument,
  layer: NonNullable<DocumentAnalysis['layers']>[number],
): SourcedQuantity {
  const key = subjectNamed(layer.name);
  return quantityOf(doc, {
    description: `${layer.name} closed outlines`,
    ...closedArea(doc, layer),
    material: {
      name: key && LABELS[key] ? `${LABELS[key].plural} area (${layer.name})` : `${layer.name} area`,
      category: key && LABELS[key] ? LABELS[key].category : 'Areas',
    },
  });
}

/** The areas of one drawing a slab of the subject is poured over: its layers if named for it, else its rooms, else written areas. */
export function slabAreas(doc: AnalysedDocument, wanted: string): SourcedQuantity[] {
  const found = areas(wanted, [doc]);
  const ofKind = (kind: QuantityOrigin['kind']) => found.filter((item) => item.origin.kind === kind);
  return [ofKind('layer'), ofKind('room')].find((group) => group.length) ?? found;
}
