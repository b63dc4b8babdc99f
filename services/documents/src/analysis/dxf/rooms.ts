/**
 * Rooms: a closed outline with a room name inside it. A name belongs to the
 * smallest closed outline around it; an outline holding several names is a
 * floor or building outline, not a room.
 */
import { roomSize } from '../pdf/room-sizes';
import type { Room } from '../analysis.types';
import type { ClosedOutline, PlacedText } from './drawing-takeoff';
import { polygonContains, type BulgeVertex } from './geometry';
import { bulgePoints } from './placement';

/** An outline's points past this are not sent to the viewer (a room is a few dozen). */
const MAX_OUTLINE_POINTS = 4_000;

/** A closed outline as the viewer draws it: arcs as points, drawing coordinates, not repeating its start. */
function outlinePoints(vertices: readonly BulgeVertex[]): Array<[number, number]> | undefined {
  const flat = bulgePoints(vertices, true);
  const points: Array<[number, number]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) points.push([round(flat[i]!), round(flat[i + 1]!)]);
  const [first, last] = [points[0], points.at(-1)];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
  return points.length >= 3 && points.length <= MAX_OUTLINE_POINTS ? points : undefined;
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** Words that name spaces on architectural plans (English, Spanish, French, German, Portuguese, Italian). */
const ROOM_WORDS = [
  'room',
  'bed',
  'bedroom',
  'bath',
  'bathroom',
  'toilet',
  'toil',
  'wc',
  'w.c',
  'restroom',
  'lavatory',
  'shower',
  'kitchen',
  'kitchenette',
  'pantry',
  'dining',
  'living',
  'lounge',
  'family',
  'great',
  'den',
  'study',
  'library',
  'office',
  'conference',
  'meeting',
  'reception',
  'lobby',
  'foyer',
  'entry',
  'vestibule',
  'hall',
  'hallway',
  'corridor',
  'stair',
  'stairs',
  'stairwell',
  'elevator',
  'lift',
  'closet',
  'clo',
  'w.i.c',
  'wic',
  'storage',
  'store',
  'utility',
  'util',
  'laundry',
  'mech',
  'mechanical',
  'elec',
  'electrical',
  'janitor',
  'jan',
  'server',
  'garage',
  'carport',
  'porch',
  'deck',
  'patio',
  'terrace',
  'balcony',
  'veranda',
  'mudroom',
  'nursery',
  'master',
  'suite',
  'gym',
  'workshop',
  'shop',
  'classroom',
  'lab',
  'laboratory',
  'ward',
  'exam',
  'break',
  'copy',
  'mail',
  'vending',
  'linen',
  'staff',
  'waiting',
  'retail',
  'sales',
  'warehouse',
  'loading',
  'attic',
  'basement',
  'cellar',
  'cocina',
  'baño',
  'bano',
  'dormitorio',
  'habitacion',
  'habitación',
  'sala',
  'comedor',
  'estar',
  'pasillo',
  'despensa',
  'lavanderia',
  'lavandería',
  'garaje',
  'terraza',
  'oficina',
  'salon',
  'salón',
  'cuisine',
  'chambre',
  'séjour',
  'sejour',
  'sdb',
  'wc',
  'couloir',
  'entrée',
  'bureau',
  'cellier',
  'buanderie',
  'küche',
  'kuche',
  'kueche',
  'bad',
  'zimmer',
  'schlafzimmer',
  'wohnzimmer',
  'flur',
  'diele',
  'abstellraum',
  'büro',
  'buero',
  'keller',
  'cozinha',
  'quarto',
  'banheiro',
  'cucina',
  'camera',
  'bagno',
  'soggiorno',
  'ingresso',
  'salotto',
  'pranzo',
  'terrazza',
  'balcone',
  'loggia',
  'disimpegno',
  'corridoio',
  'ripostiglio',
  'antibagno',
  'cantina',
  'ufficio',
  'powder',
  'sunroom',
  'breakfast',
  'nook',
  'bonus',
  'media',
  'theater',
  'theatre',
  'playroom',
  'loft',
  'dressing',
  'verandah',
  'parking',
  'pooja',
  'puja',
];
const ROOM_WORD_SET = new Set(ROOM_WORDS);

/** Words that mark a text as a note or instruction rather than a name. */
const NOTE_WORDS = new Set([
  'in',
  'on',
  'at',
  'to',
  'for',
  'with',
  'from',
  'see',
  'min',
  'max',
  'typ',
  'provide',
  'note',
  'notes',
  'access',
  'above',
  'below',
  'by',
  'per',
  'verify',
  'existing',
  'remove',
  'install',
  'new',
  'shall',
  'and',
  'or',
  'between',
  'the',
  'also',
  'each',
  'all',
  'wall',
  'walls',
]);

/** Attribute tags of room-tag blocks. */
const ROOM_TAG = /ROOM|NAME|SPACE|RAUM|LOCAL|PIECE|PIÈCE/i;

/** Does this text read like the name of a space? */
export function looksLikeRoomName(text: PlacedText): boolean {
  const value = text.text.trim();
  if (!value || value.length > 40 || value.includes('\n')) return false;
  if (text.tag !== undefined)
    return ROOM_TAG.test(text.tag) && /[A-Za-zÀ-ÿ]/.test(value) && !/NUM|NO\b|#/i.test(text.tag);
  const words = value
    .toLowerCase()
    .split(/[\s/\-–,()]+/)
    .map((w) => w.replace(/\.$/, ''))
    .filter(Boolean);
  if (words.length > 5) return false;
  // Notes and sizes mention rooms too ("GAS FAU IN ATTIC", "MIN. 22x30 ATTIC ACCESS"): not names.
  // A walk-in closet's "in" is its name's ("WALK IN CLOSET"), not a note's.
  const noted = words.some((w, i) => NOTE_WORDS.has(w) && !(w === 'in' && words[i - 1] === 'walk'));
  if (/["']|\d\s*x\s*\d|:$/i.test(value) || noted) return false;
  return words.some((w) => ROOM_WORD_SET.has(w));
}

/** Joins a name with the label lines stacked right above or below it ("COVERED" over "PORCH"). */
function fullName(name: PlacedText, candidates: PlacedText[]): string {
  const lineGap = Math.max(name.height, 1e-9) * 2;
  const stacked = candidates.filter(
    (t) =>
      t !== name &&
      t.height > 0 &&
      Math.abs(t.height - name.height) <= name.height * 0.25 &&
      Math.abs(t.position.y - name.position.y) <= lineGap &&
      Math.abs(t.position.x - name.position.x) <= lineGap * 4 &&
      /^[\p{L}\s.&'-]+$/u.test(t.text) &&
      t.text.length <= 20,
  );
  return [name, ...stacked]
    .sort((a, b) => b.position.y - a.position.y)
    .map((t) => t.text.trim())
    .join(' ');
}

/** The room's size written under its name in the same outline (`21'2 x 20'10`), as residential plans print it. */
function writtenSize(name: PlacedText, candidates: PlacedText[]): string | undefined {
  const reach = Math.max(name.height, 1e-9) * 4;
  return candidates
    .find(
      (t) =>
        t !== name &&
        t.position.y < name.position.y &&
        name.position.y - t.position.y <= reach &&
        Math.abs(t.position.x - name.position.x) <= reach * 2 &&
        roomSize(t.text) !== undefined,
    )
    ?.text.trim();
}

export function findRooms(outlines: ClosedOutline[], texts: PlacedText[], feetPerUnit: number): Room[] {
  // Smallest outline first, so each name lands in the tightest outline around it.
  const bySize = outlines
    .map((outline, index) => ({ outline, index }))
    .filter(({ outline }) => outline.area > 0)
    .sort((a, b) => a.outline.area - b.outline.area);
  const namesByOutline = new Map<number, PlacedText[]>();
  const textsByOutline = new Map<number, PlacedText[]>();
  for (const text of texts) {
    const home = bySize.find(({ outline }) => polygonContains(outline.vertices, text.position));
    if (!home) continue;
    const list = textsByOutline.get(home.index) ?? [];
    list.push(text);
    textsByOutline.set(home.index, list);
    if (looksLikeRoomName(text)) {
      const names = namesByOutline.get(home.index) ?? [];
      names.push(text);
      namesByOutline.set(home.index, names);
    }
  }
  const rooms: Room[] = [];
  for (const [index, names] of namesByOutline) {
    if (names.length !== 1) continue;
    const outline = outlines[index];
    const points = outlinePoints(outline.vertices);
    const size = writtenSize(names[0], textsByOutline.get(index) ?? []);
    rooms.push({
      name: fullName(names[0], textsByOutline.get(index) ?? []),
      areaSqFt: outline.area * feetPerUnit * feetPerUnit,
      perimeterFt: outline.perimeter * feetPerUnit,
      layer: outline.layer,
      ...(points ? { outline: points } : {}),
      ...(size ? { printedSize: size } : {}),
    });
  }
  return rooms.sort((a, b) => a.name.localeCompare(b.name));
}
