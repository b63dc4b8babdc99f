/**
 * A room's floor finish, as its document's room finish schedule gives it, so
 * that a room sent to the materials list says what is laid in it ("Broadloom
 * carpet (CPT-1), PATIENT ROOM 145") instead of only where it is: the estimate
 * prices a material by what its name says.
 *
 * Schedules vary from sheet to sheet, so columns are found by the words of
 * their headers ("ROOM NO.", "Number", "NAME", "FLOOR", "FLOOR FINISH"), never
 * by position, and a finish code is turned into a product only when a material
 * schedule on the document maps that code ("CPT-1" → "BROADLOOM CARPET").
 * Nothing is guessed: a room whose row is not found, or whose floor is not
 * applicable or more than one product, is not given a product (two codes of
 * one product, PT-1/PT-2, are that product); an existing floor kept is named
 * so ("Existing floor (EXIST), ELECTRICAL ROOM 133"): nothing to lay.
 */

/** A schedule as the analysis reads it from a sheet: its title, its column headers and its rows of cells. */
export interface ScheduleTable {
  title: string;
  columns: string[];
  rows: string[][];
}

/** A room number as tags and schedules print it ("145", "139A", "CE-5", "ST2-1"). */
export const ROOM_NUMBER = /^(?:[A-Z]{0,3}-?\d{1,4}[A-Z]?|[A-Z]{1,3}\d?-\d{1,3}[A-Z]?)$/;

/**
 * What the schedule says of a room's floor: one finish (a code, a product, or both), or several; with the
 * room finish schedule whose row says it, so the caller can say where the finish was read.
 */
export type FloorFinish = (
  | { kind: 'single'; code?: string; product?: string }
  /** Each code's product, in order, where the material schedules name every one. */
  | { kind: 'several'; finishes: string[]; products?: string[] }
  /** The floor is kept as it is ("EXIST", "EXISTING TO REMAIN"): the cell as written. */
  | { kind: 'existing'; code: string }
) & {
  schedule?: ScheduleTable;
};

const wordsOf = (header: string) => header.toUpperCase().match(/[A-Z0-9#]+/g) ?? [];
const has = (header: string, ...wanted: string[]) => wordsOf(header).some((w) => wanted.includes(w));

/** Headers of a room's number ("ROOM NO.", "Number", "RM #") and name ("ROOM NAME", "SPACE"). */
const NUMBER_WORDS = ['NUMBER', 'NO', 'NUM', 'NBR', '#'];
const NAME_WORDS = ['NAME', 'SPACE'];
/** A floor finish header ("FLOOR", "FLOOR FINISH", "FLOORING"); the base, the area or the level of a floor is not it. */
const FLOOR_WORDS = ['FLOOR', 'FLOORING', 'FLR'];
const NOT_FLOOR_FINISH = ['BASE', 'AREA', 'LEVEL', 'ELEV', 'ELEVATION', 'CODE', 'HEIGHT'];
/** Headers of a material schedule's code and of the product it stands for. */
const CODE_WORDS = ['CODE', 'MARK', 'TAG', 'KEY', 'SYMBOL', 'ID', 'ABBREVIATION', 'ABBREV'];
const PRODUCT_WORDS = ['PRODUCT', 'MATERIAL', 'DESCRIPTION'];
const MATERIAL_SCHEDULE_TITLE = /\b(?:MATERIALS?|FINISH(?:ES)?|PRODUCTS?)\b/i;
const NOT_MATERIAL_SCHEDULE_TITLE = /\b(?:DOORS?|WINDOWS?|HARDWARE|OPENINGS?|FIXTURES?|EQUIPMENT)\b/i;

/** What a schedule writes where a room keeps its floor as it is: an existing floor, no new one. */
const EXISTING = /^(?:EXIST(?:ING|\.)?(?: TO REMAIN)?|(?:TO )?REMAIN|ETR)$/i;
/** What a schedule writes where a room has no new floor it names: no product to price. */
const NOT_A_FINISH =
  /^(?:MATCH\b.*|N\/?A|NONE|NO FINISH|TBD|NIC|N\.I\.C\.?|SEE\b.*|SAME\b.*|BY\b.*|VARIES|[-–—.\s]*)$/i;
/** Two or more finishes in one cell ("CPT-1/VCT-1", "CPT-1, PT-1", "CARPET & VCT"). */
const SEVERAL = /\s*(?:\/|,|&|\+|\bAND\b)\s*/i;
/** A code as finish schedules write them: letters and a number ("CPT-1", "VCT1", "PT 2"), or a short abbreviation ("C", "VCT"). */
const FINISH_CODE = /^(?:[A-Z]{1,6}[- ]?\d{1,3}[A-Z]?|[A-Z]{1,4})$/i;

const squeeze = (text: string) => text.trim().replace(/\s+/g, ' ');

/** "PATIENT ROOMS" and "Patient room" are the same name: upper case, words only, singular. */
function nameKey(name: string): string {
  return (name.toUpperCase().match(/[A-Z0-9]+/g) ?? [])
    .map((w) => (w.length > 3 && w.endsWith('S') && !w.endsWith('SS') ? w.slice(0, -1) : w))
    .join(' ');
}

/** A room tag's number and the name without it: "PATIENT ROOM 145" → 145, "CORRIDOR CE-5" → CE-5, "101 OFFICE" → 101. */
export function roomNumberOf(room: string): { number?: string; name: string } {
  const words = squeeze(room).split(' ');
  const isNumber = (word: string | undefined) => !!word && ROOM_NUMBER.test(word.toUpperCase());
  if (words.length > 1 && isNumber(words.at(-1)))
    return { number: words.at(-1)!.toUpperCase(), name: words.slice(0, -1).join(' ') };
  if (words.length > 1 && isNumber(words[0])) return { number: words[0].toUpperCase(), name: words.slice(1).join(' ') };
  return { name: squeeze(room) };
}

/** A ceiling or a base column; its height is no finish. */
const CEILING_WORDS = ['CEILING', 'CEILINGS', 'CEIL', 'CLG'];
const NOT_A_FINISH_COLUMN = ['HEIGHT', 'HT', 'HGT', 'AREA', 'ELEV', 'ELEVATION'];
const WALL_WORDS = ['WALL', 'WALLS'];

/** Which surface a room schedule's column finishes, by its header's words; undefined for any other column. */
function surfaceOf(header: string): 'floor' | 'base' | 'ceiling' | 'walls' | undefined {
  if (has(header, ...NOT_A_FINISH_COLUMN)) return undefined;
  if (has(header, ...FLOOR_WORDS) && !has(header, ...NOT_FLOOR_FINISH)) return 'floor';
  if (has(header, 'BASE')) return 'base';
  if (has(header, ...CEILING_WORDS)) return 'ceiling';
  if (has(header, ...WALL_WORDS)) return 'walls';
  return undefined;
}

/** A row of a room finish schedule: the room's number and name, and what the schedule finishes it with. */
export interface RoomScheduleRow {
  /** The number or mark as written, upper case; empty when the schedule has no number column. */
  number: string;
  name: string;
  /** The floor finish cell, when the schedule has a floor finish column. */
  floor?: string;
  /** The floor, base, ceiling and wall cells, to tell whether two rows of one number say the same. */
  finishes: string;
  /** The row as the schedule holds it (the same array: a caller finds its own row by identity). */
  cells: readonly string[];
  schedule: ScheduleTable;
}

/**
 * The rows of the room finish schedules: those with a room number or name
 * column and a floor, base, ceiling or wall finish column (a door or window
 * schedule is not one, whatever its columns).
 */
export function roomScheduleRows(schedules: readonly ScheduleTable[]): RoomScheduleRow[] {
  const rows: RoomScheduleRow[] = [];
  for (const schedule of schedules) {
    const { columns } = schedule;
    if (NOT_MATERIAL_SCHEDULE_TITLE.test(schedule.title)) continue;
    const surfaces = columns.map(surfaceOf);
    const floors = columns.flatMap((_, i) => (surfaces[i] === 'floor' ? [i] : []));
    // "FLOOR FINISH" over a bare "FLOOR" when a schedule has both.
    const floor = floors.find((i) => has(columns[i], 'FINISH', 'MATERIAL')) ?? floors[0];
    let number = columns.findIndex((header) => has(header, ...NUMBER_WORDS));
    let name = columns.findIndex((header, i) => i !== number && has(header, ...NAME_WORDS));
    // A column headed only "ROOM" is the number beside a name column, else the name.
    const room = columns.findIndex(
      (header) => wordsOf(header).join(' ') === 'ROOM' || wordsOf(header).join(' ') === 'RM',
    );
    if (room >= 0 && number < 0 && name >= 0) number = room;
    else if (room >= 0 && name < 0 && number !== room) name = room;
    const finishing = surfaces.flatMap((surface, i) => (surface && i !== number && i !== name ? [i] : []));
    if (!finishing.length || (number < 0 && name < 0)) continue;
    for (const cells of schedule.rows) {
      rows.push({
        number: number >= 0 ? squeeze(cells[number] ?? '').toUpperCase() : '',
        name: name >= 0 ? squeeze(cells[name] ?? '') : '',
        ...(floor !== undefined ? { floor: squeeze(cells[floor] ?? '') } : {}),
        finishes: (['floor', 'base', 'ceiling', 'walls'] as const)
          .map((surface) =>
            finishing
              .filter((i) => surfaces[i] === surface)
              .map((i) => squeeze(cells[i] ?? '').toUpperCase())
              .join(' '),
          )
          .join('|'),
        cells,
        schedule,
      });
    }
  }
  return rows;
}

/** The products of the material schedules, by code ("CPT-1" → "BROADLOOM CARPET"). */
function productsByCode(schedules: readonly ScheduleTable[]): Map<string, string> {
  const products = new Map<string, string>();
  for (const { title, columns, rows } of schedules) {
    if (!MATERIAL_SCHEDULE_TITLE.test(title) || NOT_MATERIAL_SCHEDULE_TITLE.test(title)) continue;
    const code = columns.findIndex((header) => has(header, ...CODE_WORDS));
    const product = columns.findIndex((header, i) => i !== code && has(header, ...PRODUCT_WORDS));
    if (code < 0 || product < 0) continue;
    for (const cells of rows) {
      const key = squeeze(cells[code] ?? '').toUpperCase();
      const value = squeeze(cells[product] ?? '');
      if (key && value && !products.has(key)) products.set(key, value);
    }
  }
  return products;
}

/** A schedule row's number is the room's when they are the same, or its last word is (a stray mark before it: "A 76"). */
const sameNumber = (row: string, number: string) => row === number || row.split(' ').at(-1) === number;

/**
 * The schedule row of a measured room, the one rule by which a room is given
 * a schedule's finishes (its material's name, the assistant's "which rooms get
 * VCT?"): by the number of the room's tag ("PATIENT ROOM 145" → 145), else by
 * its whole name, singular or plural, when exactly one row has that name and
 * no other room's number ("PATIENT ROOMS" of a typical schedule for "PATIENT
 * ROOM 145", but never row 154 "TOILET" for "TOILET 145A", nor row "OFFICE"
 * for "BOX OFFICE"). One number in two schedules (two floors of one set) is
 * the room's row only when they finish it the same.
 */
export function roomScheduleRowOf(
  room: string,
  rows: readonly RoomScheduleRow[],
  rooms: readonly string[] = [],
): RoomScheduleRow | undefined {
  const { number, name } = roomNumberOf(room);
  if (number) {
    const numbered = rows.filter((row) => row.number && sameNumber(row.number, number));
    if (numbered.length) return new Set(numbered.map((row) => row.finishes)).size === 1 ? numbered[0] : undefined;
  }
  const key = nameKey(name);
  const named = rows.filter(
    (row) => row.name && nameKey(row.name) === key && (!row.number || (number && sameNumber(row.number, number))),
  );
  if (named.length === 1) return named[0];
  return typicalRowOfPart(name, number, rows, rooms);
}

/**
 * A room numbered as part of another ("TOILET 145A" of "PATIENT ROOM 145", found among `rooms`) takes the one
 * typical row (a row with no number) that its name and its room's name together name, with a word of its own:
 * "PATIENT TOILET ROOMS" for TOILET 145A and for ABA TOILET 139A, never "PATIENT ROOMS".
 */
function typicalRowOfPart(
  name: string,
  number: string | undefined,
  rows: readonly RoomScheduleRow[],
  rooms: readonly string[],
): RoomScheduleRow | undefined {
  const whole = number?.match(/^(.*\d)[A-Z]$/)?.[1];
  const parent = whole ? rooms.find((other) => roomNumberOf(other).number === whole) : undefined;
  if (!parent) return undefined;
  const wordsOfName = (text: string) =>
    nameKey(text)
      .split(' ')
      .filter((w) => w && w !== 'ROOM');
  const own = new Set(wordsOfName(name));
  const both = new Set([...own, ...wordsOfName(roomNumberOf(parent).name)]);
  const typical = rows.filter((row) => {
    const words = row.number ? [] : wordsOfName(row.name);
    return words.length > 0 && words.every((w) => both.has(w)) && words.some((w) => own.has(w));
  });
  return typical.length === 1 ? typical[0] : undefined;
}

/** What a floor finish cell says, with each code's product from the material schedules. */
function finishOf(cell: string, products: ReadonlyMap<string, string>): FloorFinish | undefined {
  if (EXISTING.test(cell)) return { kind: 'existing', code: cell };
  if (NOT_A_FINISH.test(cell)) return undefined;
  const parts = cell.split(SEVERAL).map(squeeze).filter(Boolean);
  if (parts.length > 1) {
    // Two codes of one product (PT-1/PT-2: two colours of one porcelain tile) are that product.
    const each = parts.map((part) => products.get(part.toUpperCase()));
    const named = new Set(each);
    const [product] = named;
    if (named.size === 1 && product) return { kind: 'single', code: parts.join('/'), product };
    if (each.every((p) => p !== undefined)) return { kind: 'several', finishes: parts, products: each as string[] };
    return { kind: 'several', finishes: parts };
  }
  const product = products.get(cell.toUpperCase());
  if (product) return { kind: 'single', code: cell, product };
  if (FINISH_CODE.test(cell)) return { kind: 'single', code: cell };
  // Written out ("CARPET", "SEALED CONCRETE"): the schedule names the product itself.
  return { kind: 'single', product: cell };
}

/**
 * The room's floor finish as the schedules give it; undefined when they do not say one. A code's product is
 * looked up in `productSchedules` (the schedules themselves unless told), the first to name it first.
 */
export function floorFinishOf(
  room: string,
  schedules: readonly ScheduleTable[],
  productSchedules: readonly ScheduleTable[] = schedules,
  rooms: readonly string[] = [],
): FloorFinish | undefined {
  const row = roomScheduleRowOf(room, roomScheduleRows(schedules), rooms);
  const finish = row?.floor !== undefined ? finishOf(row.floor, productsByCode(productSchedules)) : undefined;
  return finish && { ...finish, schedule: row!.schedule };
}

const SMALL_WORDS = new Set(['A', 'AN', 'AND', 'AT', 'FOR', 'IN', 'OF', 'ON', 'OR', 'THE', 'TO', 'WITH']);

/** "BROADLOOM CARPET" → "Broadloom carpet"; abbreviations ("LVT", "2X2") and mixed-case text stay as written. */
function sentenceCase(text: string): string {
  if (/[a-z]/.test(text)) return text;
  return text
    .split(' ')
    .map((word, i) => {
      const abbreviation = (word.length <= 3 && !SMALL_WORDS.has(word)) || /\d/.test(word);
      if (abbreviation && i > 0) return word;
      const lower = abbreviation ? word : word.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/**
 * The material's name for a room's floor: the product and its code then the
 * room ("Broadloom carpet (CPT-1), PATIENT ROOM 145"), the code alone when no
 * material schedule names it ("WSF-1 floor, SOILED UTILITY 142"), every
 * product when the room has several ("Broadloom carpet (CPT-1) + vinyl
 * composition tile (VCT-1), CONFERENCE/BREAK ROOM 134": which part is which is
 * on the plan, not in the schedule), every code when not all are named.
 */
export function roomFinishName(room: string, finish: FloorFinish): string {
  if (finish.kind === 'existing') return `Existing floor (${finish.code}), ${room}`;
  if (finish.kind === 'several' && finish.products) {
    const each = finish.products.map((product, i) => {
      const named = sentenceCase(product);
      return `${i ? named.charAt(0).toLowerCase() + named.slice(1) : named} (${finish.finishes[i]})`;
    });
    return `${each.join(' + ')}, ${room}`;
  }
  if (finish.kind === 'several') return `${finish.finishes.join('/')} floor, ${room}`;
  if (finish.product) return `${sentenceCase(finish.product)}${finish.code ? ` (${finish.code})` : ''}, ${room}`;
  return `${finish.code} floor, ${room}`;
}
