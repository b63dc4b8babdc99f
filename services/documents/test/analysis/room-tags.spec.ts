import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { printedArea, roomTags } from '../../src/analysis/pdf/room-tags';
import { roomSize, sizeDiffers } from '../../src/analysis/pdf/room-sizes';
import type { TextLine } from '../../src/analysis/pdf/pdf-layout';

/** A line of text on a page: baseline `y`, 6 pt high, about 3.6 pt a character. */
const line = (text: string, x: number, y: number): TextLine => ({
  runs: [],
  text,
  x,
  y,
  right: x + text.length * 3.6,
  height: 6,
});

/** A tag stacked line under line, centred on `x`, its first baseline at `y`. */
const tag = (x: number, y: number, ...texts: string[]) =>
  texts.map((text, i) => line(text, x - (text.length * 3.6) / 2, y + i * 8));

describe('room tags on a PDF sheet', () => {
  // A finish plan: finish codes written over the walls of every room and inside the tags.
  const finishTags = [200, 300, 400, 500, 600].flatMap((x) => [line('P-1', x, 100), line('CPT-1', x, 120)]);

  it('leaves the wall and floor finish codes written in a tag out of the room’s name', () => {
    const tags = roomTags([
      ...finishTags,
      ...tag(250, 300, 'P-1 P-1 PATIENT', 'ROOM P-2', '145'),
      ...tag(450, 300, 'OFFICE', 'PT-1/PT-2', '136'),
      ...tag(650, 300, 'STORAGE', 'P-1'),
      // A finish callout over a room number's worth of figure is no tag of its own.
      ...tag(250, 400, 'CPT-1 PT-3', '147'),
      line('P-2', 700, 500),
      line('P-2', 720, 500),
      line('P-2', 740, 500),
      line('PT-1/PT-2 CPT-1', 760, 520),
    ]);
    assert.deepEqual(
      tags.map((t) => t.name),
      ['PATIENT ROOM 145', 'OFFICE 136', 'STORAGE'],
    );
  });

  it('reads a walk-in closet and a breakfast nook as rooms, and a note about a closet as none', () => {
    const tags = roomTags([
      ...tag(250, 300, 'WALK IN CLOSET'),
      ...tag(450, 300, 'WALK-IN PANTRY'),
      ...tag(650, 300, 'BREAKFAST NOOK'),
      ...tag(850, 300, 'SHELF IN CLOSET'),
    ]);
    assert.deepEqual(
      tags.map((t) => t.name),
      ['WALK IN CLOSET', 'WALK-IN PANTRY', 'BREAKFAST NOOK'],
    );
  });

  it('keeps a room number written like a code when the page does not repeat it', () => {
    const tags = roomTags([...finishTags, ...tag(250, 300, 'CORRIDOR', 'CE-2', '557 SF')]);
    assert.deepEqual(
      tags.map((t) => [t.name, t.printedAreaSqFt]),
      [['CORRIDOR CE-2', 557]],
    );
  });

  it('reads the room number on whose baseline a repeated finish code is written, once', () => {
    const codes = [700, 720, 740, 760].flatMap((x) => [line('P-2', x, 500), line('VCT-1', x, 520)]);
    const tags = roomTags([
      ...finishTags,
      ...codes,
      // The wall finish written just right of the number, on its baseline.
      ...tag(250, 300, 'PATIENT ROOM', '156 P-2'),
      // A name no word list knows, over a floor finish code and its number.
      ...tag(450, 300, 'HAC', 'VCT-1 170'),
    ]);
    assert.deepEqual(
      tags.map((t) => t.name),
      ['PATIENT ROOM 156', 'HAC 170'],
    );
  });

  it('takes no title-block field or drawing title for a room (a label over its figure in a box, FLOOR PLAN), but takes OPEN PLAN and a WC tracked wide', () => {
    const tags = roomTags([
      ...tag(250, 300, 'Building Number', '28'),
      ...tag(350, 300, 'Drawing Title'),
      ...tag(450, 300, 'Issue Date', '07/6/2021'),
      ...tag(550, 300, 'LAUNDRY', '153'),
      // A plan's title names no space; an open-plan area does.
      ...tag(650, 300, 'FIRST FLOOR PLAN'),
      ...tag(750, 300, 'OPEN PLAN', '101'),
      ...tag(850, 300, 'OPEN PLAN LIVING'),
      // A two-letter name tracked wider than a word space reads as two letters; two others are no name.
      ...tag(950, 300, 'W C'),
      ...tag(1050, 300, 'U P'),
    ]);
    assert.deepEqual(
      tags.map((t) => t.name),
      ['LAUNDRY 153', 'OPEN PLAN 101', 'OPEN PLAN LIVING', 'WC'],
    );
  });

  it('reads printed areas with a label and with a decimal comma, and leaves the area line out of the name', () => {
    const SQ_M = 10.763910416709722;
    assert.equal(printedArea('AREA: 150 SF'), 150);
    assert.equal(printedArea('Net Area = 1,234 sq ft'), 1234);
    assert.equal(printedArea('1,234 SF'), 1234);
    assert.ok(Math.abs(printedArea('18,86 m²')! - 18.86 * SQ_M) < 1e-9);
    assert.ok(Math.abs(printedArea('A = 18.86 m2')! - 18.86 * SQ_M) < 1e-9);
    assert.ok(Math.abs(printedArea('A: 11.32 m2')! - 11.32 * SQ_M) < 1e-9);
    assert.equal(printedArea('AREA 51'), undefined);
    // Net (assignable, usable, gross) square feet as space programmes write them, and an area in brackets.
    for (const text of ['189 NSF', '189 ASF', '189 USF', '189 GSF', '(189 SF)', '189 SQ. FEET', '189 square feet'])
      assert.equal(printedArea(text), 189, text);
    assert.equal(printedArea('189 NS'), undefined);
    // Two figures and SF tracked wide, every character a word space apart.
    assert.equal(printedArea('6 5 S F'), 65);
    assert.equal(printedArea('6 5'), undefined);
    const tags = roomTags([
      ...tag(300, 300, 'OFFICE', '101', 'AREA 150 SF'),
      ...tag(600, 300, 'OFFICE', '102', '(120 NSF)'),
    ]);
    assert.deepEqual(
      tags.map((t) => [t.name, t.printedAreaSqFt]),
      [
        ['OFFICE 101', 150],
        ['OFFICE 102', 120],
      ],
    );
  });

  it('reads the size written under a room’s name, as residential plans print it, and leaves it out of the name', () => {
    const tags = roomTags([
      ...tag(100, 100, 'BEDROOM 2', `12'-0" x 11'-6"`),
      ...tag(300, 100, 'MASTER', 'BEDROOM', `14'0" X 16'4"`),
      // A word no list knows names a space when a room's size is written under it.
      ...tag(500, 100, 'FLEX', `11' x 10'-6 1/2"`),
      ...tag(700, 100, 'LIVING', '4,20 x 3,60 m'),
      // Bare whole feet under a room's name, as house plans print them; under another word they are nothing.
      ...tag(900, 100, 'KITCHEN', '12X14'),
      ...tag(700, 300, 'DETAIL', '12x14'),
      ...tag(900, 300, 'PANTRY', '2x4'),
      // Bare metres to the centimetre under a room's name, as metric plans print them; a door's 0.90 x 2.10 is none.
      ...tag(1100, 100, 'BEDROOM 3', '3.60 x 4.20'),
      ...tag(1100, 300, 'BATH', '0,90 x 2,10'),
      // Openings' sizes name no space.
      ...tag(100, 300, 'SKYLIGHT', `2'-0" x 4'-0"`),
      ...tag(300, 300, 'ACCESS PANEL', `4'-0" x 4'-0"`),
      ...tag(500, 300, 'NEW', `2'-0" x 2'-0"`),
    ]);
    assert.deepEqual(
      tags.map((t) => [t.name, t.printedSize?.text, t.printedSize?.feet.map((f) => Math.round(f * 1000) / 1000)]),
      [
        ['BEDROOM 2', `12'-0" x 11'-6"`, [12, 11.5]],
        ['MASTER BEDROOM', `14'0" X 16'4"`, [14, 16.333]],
        ['FLEX', `11' x 10'-6 1/2"`, [11, 10.542]],
        ['LIVING', '4,20 x 3,60 m', [13.78, 11.811]],
        ['KITCHEN', '12X14', [12, 14]],
        ['BEDROOM 3', '3.60 x 4.20', [11.811, 13.78]],
        ['PANTRY', undefined, undefined],
        ['BATH', undefined, undefined],
      ],
    );
  });

  it('reads a name joined by a plus ("Bath+" over "Toilet") as one name', () => {
    const tags = roomTags(tag(250, 300, 'Bath+', 'Toilet', `7' x 5'`));
    assert.deepEqual(
      tags.map((t) => [t.name, t.printedSize?.feet]),
      [['Bath+ Toilet', [7, 5]]],
    );
  });

  it('takes a room named like a code ("BED-1") for a room where its word names a space, and a finish code for none', () => {
    const tags = roomTags([
      ...finishTags,
      ...tag(250, 300, 'BED-1', `15'-2"X15'-2"`),
      ...tag(450, 300, 'BED-2'),
      ...tag(650, 300, 'CPT-1', `12'-0" x 10'-0"`),
    ]);
    assert.deepEqual(
      tags.map((t) => [t.name, t.printedSize?.text]),
      [
        ['BED-1', `15'-2"X15'-2"`],
        ['BED-2', undefined],
      ],
    );
  });

  it('takes no window mark under a room’s size for its number ("W1" under LANDING 8\'-5" x 4\'-0")', () => {
    const tags = roomTags([
      ...tag(250, 300, 'LANDING', `8'-5"X4'0"`, 'W1'),
      // The window mark beside every window; a room's number written under its size is its own.
      line('W1', 600, 100),
      line('W1', 700, 100),
      ...tag(450, 300, 'OFFICE', '101', '120 SF'),
      ...tag(650, 300, 'BEDROOM', `12'-0" x 10'-0"`, '102'),
    ]);
    assert.deepEqual(
      tags.map((t) => [t.name, t.printedSize?.text, t.printedAreaSqFt]),
      [
        ['LANDING', `8'-5"X4'0"`, undefined],
        ['OFFICE 101', undefined, 120],
        ['BEDROOM 102', `12'-0" x 10'-0"`, undefined],
      ],
    );
  });

  it('takes the single words Italian and Indian plans name their rooms with for room names', () => {
    const names = ['SALOTTO', 'TERRAZZA', 'DISIMPEGNO', 'RIPOSTIGLIO', 'VERANDAH', 'POOJA'];
    assert.deepEqual(
      roomTags(names.map((name, i) => line(name, 100 + i * 120, 300))).map((t) => t.name),
      names,
    );
  });

  it('reads a size only as two lengths with their units', () => {
    for (const text of ['12 x 14', `12'-0"`, `12'-0" x`, `12'-13" x 10'`, '4.2 x 3.6', `12'-0" x 10'-0" x 8'-0"`])
      assert.equal(roomSize(text), undefined, text);
    assert.deepEqual(roomSize(`12'-0"×9'-6"`)?.feet, [12, 9.5]);
    // Whole feet are rounded to the foot: a room 12'-9" deep agrees with 12' x 14', one 13'-3" deep does not.
    const whole = roomSize(`12' x 14'`)!;
    assert.equal(whole.wholeFeet, true);
    assert.equal(sizeDiffers([12.75, 14], whole), false);
    assert.equal(sizeDiffers([13.25, 14], whole), true);
    assert.equal(sizeDiffers([12.75, 14], roomSize(`12'-0" x 14'-0"`)!), true);
    // Inches without their mark, as some plans write sizes.
    assert.deepEqual(
      roomSize(`5'3 x 6'8`)?.feet.map((f) => Math.round(f * 1000) / 1000),
      [5.25, 6.667],
    );
  });
});
