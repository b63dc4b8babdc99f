import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  floorFinishOf,
  roomFinishName,
  roomNumberOf,
  roomScheduleRowOf,
  roomScheduleRows,
  type ScheduleTable as Schedule,
} from './room-finish';

/** The name a room's material gets, or the room's own name when the schedules give no finish. */
const named = (room: string, schedules: Schedule[]) => {
  const finish = floorFinishOf(room, schedules);
  return finish ? roomFinishName(room, finish) : room;
};

// Laid out as the VA finish plan's sheet: number, name, then the finishes.
const FIRST_FLOOR: Schedule = {
  title: 'ROOM FINISH SCHEDULE - FIRST FLOOR',
  columns: ['Number', 'NAME', 'FLOOR FINISH', 'BASE FINISH', 'CEILING FINISH', 'REMARKS'],
  rows: [
    ['133', 'ELECTRICAL ROOM', 'EXIST', 'EXIST', 'N/A', ''],
    ['134', 'CONFERENCE/BREAK ROOM', 'CPT-1/VCT-1', 'RB-1', 'ACT-1', ''],
    ['135', 'VENDING', 'VCT-1', 'RB-1', 'ACT-1', ''],
    ['136', 'OFFICE', 'CPT-1', 'CPT-1', 'P-1', ''],
    ['142', 'SOILED UTILITY', 'WSF-1', 'WSF-1', 'ACT-1', ''],
    ['149', 'OFFICE', 'CPT-1', 'CPT-1', 'ACT-1', ''],
    ['154', 'TOILET', 'PT-1', 'CT-3', 'ACT-2', ''],
    ['CE-5', 'CORRIDOR', 'CPT-1', 'CPT-1', 'ACT-1', 'PT-2 AT COLUMNS'],
    ['T1', 'CONNECTING CORRIDOR', 'MATCH EXIST', 'EXIST', 'EXIST', ''],
  ],
};
const TYPICAL: Schedule = {
  title: 'ROOM FINISH SCHEDULE - PATIENT ROOMS (TYPICAL)',
  columns: ['NAME', 'FLOOR FINISH', 'BASE FINISH', 'CEILING FINISH'],
  rows: [
    ['PATIENT TOILET ROOMS', 'PT-1/PT-2', 'CT-3', 'ACT-2/P-1'],
    ['PATIENT ROOMS', 'CPT-1', 'CPT-1', 'ACT-1'],
  ],
};
const MATERIALS: Schedule = {
  title: 'MATERIAL SCHEDULE',
  columns: ['CODE FLOORING', 'MATERIAL/PRODUCT', 'MANUFACTURER', 'STYLE'],
  rows: [
    ['CPT-1', 'BROADLOOM CARPET', 'J+J INVISION', 'PAY DAY'],
    ['VCT-1', 'VINYL COMPOSITION TILE', 'ARMSTRONG', 'STANDARD EXCELON'],
    ['PT-1', 'PORCELAIN CERAMIC TILE', 'DALTILE', 'KEYSTONES MOSAIC'],
  ],
};
const VA = [FIRST_FLOOR, TYPICAL, MATERIALS];

describe('a room named by the floor finish of its room finish schedule', () => {
  it('reads the number of a room tag, after or before its name', () => {
    assert.deepEqual(roomNumberOf('PATIENT ROOM 145'), { number: '145', name: 'PATIENT ROOM' });
    assert.deepEqual(roomNumberOf('CORRIDOR CE-5'), { number: 'CE-5', name: 'CORRIDOR' });
    assert.deepEqual(roomNumberOf('ABA TOILET 139A'), { number: '139A', name: 'ABA TOILET' });
    assert.deepEqual(roomNumberOf('101 Office'), { number: '101', name: 'Office' });
    assert.deepEqual(roomNumberOf('ELEVATOR LOBBY'), { name: 'ELEVATOR LOBBY' });
  });

  it('finds the row by the room number and names the product the material schedule gives its code', () => {
    assert.equal(named('VENDING 135', VA), 'Vinyl composition tile (VCT-1), VENDING 135');
    assert.equal(named('CORRIDOR CE-5', VA), 'Broadloom carpet (CPT-1), CORRIDOR CE-5');
    assert.equal(named('TOILET 154', VA), 'Porcelain ceramic tile (PT-1), TOILET 154');
  });

  it('says the code when no material schedule names it', () => {
    assert.equal(named('SOILED UTILITY 142', VA), 'WSF-1 floor, SOILED UTILITY 142');
    assert.equal(named('VENDING 135', [FIRST_FLOOR]), 'VCT-1 floor, VENDING 135');
  });

  it('falls back to the one row of the same name, singular or plural, that is no other room’s number', () => {
    assert.equal(named('PATIENT ROOM 145', VA), 'Broadloom carpet (CPT-1), PATIENT ROOM 145');
    // Row 154 is room 154's, not every toilet's; two rows are named OFFICE.
    assert.equal(named('TOILET 145A', VA), 'TOILET 145A');
    // With the plan's rooms: a toilet numbered as part of patient room 145 takes the typical patient toilet row.
    const rooms = ['PATIENT ROOM 145', 'TOILET 145A', 'ABA TOILET 139A', 'PATIENT ROOM 139', 'STORAGE 134A'];
    const finish = (room: string) => floorFinishOf(room, VA, VA, rooms);
    assert.deepEqual(finish('TOILET 145A'), { kind: 'several', finishes: ['PT-1', 'PT-2'], schedule: TYPICAL });
    assert.equal(finish('ABA TOILET 139A')?.schedule, TYPICAL);
    // Not the patient room's row, nor a row of another room's number; a part of no room found takes none.
    assert.equal(finish('STORAGE 134A'), undefined);
    assert.equal(floorFinishOf('TOILET 150A', VA, VA, rooms), undefined);
    assert.equal(named('OFFICE', VA), 'OFFICE');
    assert.equal(named('ELEVATOR LOBBY', VA), 'ELEVATOR LOBBY');
  });

  it('says an existing floor is kept, keeps the room’s name for a missing one, and lists both codes of a floor of two finishes', () => {
    assert.equal(named('ELECTRICAL ROOM 133', VA), 'Existing floor (EXIST), ELECTRICAL ROOM 133');
    // A new floor to match the existing one is a floor to choose, not one kept.
    assert.equal(named('CONNECTING CORRIDOR T1', VA), 'CONNECTING CORRIDOR T1');
    assert.equal(
      named('CONFERENCE/BREAK ROOM 134', VA),
      'Broadloom carpet (CPT-1) + vinyl composition tile (VCT-1), CONFERENCE/BREAK ROOM 134',
    );
    assert.equal(named('CONFERENCE/BREAK ROOM 134', [FIRST_FLOOR]), 'CPT-1/VCT-1 floor, CONFERENCE/BREAK ROOM 134');
    // Two codes of one product (two colours of one porcelain tile, as the VA sheet's toilets have) are that product.
    const toilet: Schedule = { ...FIRST_FLOOR, rows: [['154', 'TOILET', 'PT-1/PT-2', 'CT-3', 'ACT-2', '']] };
    const tiles: Schedule = { ...MATERIALS, rows: [...MATERIALS.rows, ['PT-2', 'PORCELAIN CERAMIC TILE', 'DALTILE']] };
    assert.equal(named('TOILET 154', [toilet, tiles]), 'Porcelain ceramic tile (PT-1/PT-2), TOILET 154');
    assert.equal(named('TOILET 154', [toilet, MATERIALS]), 'PT-1/PT-2 floor, TOILET 154');
    const blank: Schedule = { ...FIRST_FLOOR, rows: [['160', 'SPD', '', 'RB-1', 'ACT-1', '']] };
    assert.equal(named('SPD 160', [blank, MATERIALS]), 'SPD 160');
    for (const cell of ['EXISTING', 'EXISTING TO REMAIN', 'ETR']) {
      const row: Schedule = { ...FIRST_FLOOR, rows: [['160', 'SPD', cell, 'RB-1', 'ACT-1', '']] };
      assert.equal(named('SPD 160', [row, MATERIALS]), `Existing floor (${cell}), SPD 160`);
    }
    for (const cell of ['N/A', 'NONE', 'SEE FINISH PLAN', 'MATCH EXISTING', '--']) {
      const row: Schedule = { ...FIRST_FLOOR, rows: [['160', 'SPD', cell, 'RB-1', 'ACT-1', '']] };
      assert.equal(named('SPD 160', [row, MATERIALS]), 'SPD 160', cell);
    }
  });

  it('finds its columns by their headers in another layout, and reads a finish written out in words', () => {
    const other: Schedule = {
      title: 'INTERIOR FINISH SCHEDULE',
      columns: ['ROOM NAME', 'CEILING', 'WALLS', 'BASE', 'FLOOR', 'ROOM NO.', 'FLOOR AREA'],
      rows: [
        ['Office', 'ACT', 'PAINT', 'RUBBER', 'CARPET', '101', '96 SF'],
        ['Storage', 'GYP', 'PAINT', 'RUBBER', 'SEALED CONCRETE', '101A', '18 SF'],
        ['Break', 'ACT', 'PAINT', 'RUBBER', 'LVT-2', '102', '120 SF'],
      ],
    };
    const legend: Schedule = {
      title: 'FINISH LEGEND',
      columns: ['MARK', 'DESCRIPTION', 'REMARKS'],
      rows: [['LVT-2', 'Luxury vinyl tile, wood look', '']],
    };
    assert.equal(named('OFFICE 101', [other]), 'Carpet, OFFICE 101');
    assert.equal(named('STORAGE 101A', [other]), 'Sealed concrete, STORAGE 101A');
    assert.equal(named('BREAK 102', [other, legend]), 'Luxury vinyl tile, wood look (LVT-2), BREAK 102');
  });

  it('gives no finish when the same number has different floors in two schedules', () => {
    const basement: Schedule = {
      ...FIRST_FLOOR,
      title: 'ROOM FINISH SCHEDULE - BASEMENT',
      rows: [['135', 'STORAGE', 'C', '', '', '']],
    };
    assert.equal(named('VENDING 135', [FIRST_FLOOR, basement, MATERIALS]), 'VENDING 135');
  });

  it('matches a room to a row by its whole name only, the rule the assistant’s “which rooms get …” uses too', () => {
    // The assistant used to take a row whose name is part of the room's ("OFFICE" in "BOX OFFICE").
    const names: Schedule = { ...TYPICAL, rows: [['OFFICE', 'CPT-1', 'RB-1', 'ACT-1']] };
    assert.equal(named('BOX OFFICE', [names, MATERIALS]), 'BOX OFFICE');
    assert.equal(named('OFFICES', [names, MATERIALS]), 'Broadloom carpet (CPT-1), OFFICES');
    const rows = roomScheduleRows([FIRST_FLOOR, TYPICAL, MATERIALS]);
    assert.equal(rows.length, FIRST_FLOOR.rows.length + TYPICAL.rows.length, 'the material schedule holds no rooms');
    assert.equal(roomScheduleRowOf('VENDING 135', rows)?.cells, FIRST_FLOOR.rows[2]);
  });

  it('does not read a door schedule’s materials as floor products, nor a schedule without a room column', () => {
    const doors: Schedule = {
      title: 'DOOR SCHEDULE',
      columns: ['MARK', 'MATERIAL', 'FRAME'],
      rows: [['CPT-1', 'HOLLOW METAL', 'HM']],
    };
    assert.equal(named('OFFICE 136', [FIRST_FLOOR, doors]), 'CPT-1 floor, OFFICE 136');
    const noRoom: Schedule = { title: 'FLOOR SCHEDULE', columns: ['TYPE', 'FLOOR'], rows: [['A', 'CPT-1']] };
    assert.equal(named('OFFICE 136', [noRoom, MATERIALS]), 'OFFICE 136');
  });
});
