/**
 * Plans printed to PDF by Chromium (pdf-printed-plan.ts), an exporter the
 * analysis was not written against: the scale read exactly from the note,
 * every room found by its whole name within 1% of its true area, every door
 * counted, the areas the tags print read, and the walls' length measured
 * though they are solid fills.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import { printedPlan, type PrintedPlanOptions } from './pdf-printed-plan';

const PLANS: Array<{ label: string; options: PrintedPlanOptions }> = [
  {
    label: 'a house at 1/4" = 1\'-0" on a letter sheet, sans-serif labels, a closet named by its initials',
    options: {
      leftFt: 19.5,
      rightFt: 15.125,
      left: [
        // Skia kerns L and Y by more than a tenth of an em.
        { name: 'FAMILY ROOM', depthFt: 13.5 },
        { name: 'KITCHEN', depthFt: 9.125 },
      ],
      right: [
        { name: 'BEDROOM 1', depthFt: 10.5 },
        { name: 'W.I.C.', depthFt: 3.625 },
        { name: 'BEDROOM 2', depthFt: 0, split: { atFt: 8.625, name: 'BATH' } },
      ],
      exteriorFt: 0.5,
      interiorFt: 0.375,
      doorFt: 3,
      feetPerPoint: 1 / 18,
      note: `SCALE: 1/4" = 1'-0"`,
      page: { widthIn: 11, heightIn: 8.5 },
      font: 'DejaVu Sans',
      labelPx: 11,
      tagLines: ['sf'],
    },
  },
  {
    label:
      'an office suite at 1/8" = 1\'-0" on a tabloid sheet, walls drawn as outlines, bold serif labels, rooms split in two, a WC named in two letters',
    options: {
      leftFt: 30,
      rightFt: 42,
      left: [
        { name: 'RECEPTION', depthFt: 18 },
        { name: 'OFFICE 101', depthFt: 13, split: { atFt: 14, name: 'OFFICE 102' } },
        { name: 'WORK ROOM', depthFt: 16 },
      ],
      right: [
        { name: 'CONFERENCE', depthFt: 20, split: { atFt: 24, name: 'STORAGE' } },
        { name: 'CORRIDOR', depthFt: 6 },
        { name: 'BREAK ROOM', depthFt: 0, split: { atFt: 20, name: 'WC' } },
      ],
      exteriorFt: 0.75,
      interiorFt: 0.5,
      doorFt: 3,
      feetPerPoint: 1 / 9,
      note: `1/8" = 1'-0"`,
      page: { widthIn: 17, heightIn: 11 },
      font: 'DejaVu Serif',
      labelPx: 9,
      walls: 'outline',
      bold: true,
    },
  },
  {
    label: 'a metric flat at 1:50 on an A3 sheet, letter-spaced tags of name, number and area in m²',
    options: {
      leftFt: 14.5,
      rightFt: 12,
      left: [
        { name: 'LIVING', depthFt: 15 },
        { name: 'KITCHEN', depthFt: 10 },
      ],
      right: [
        { name: 'BEDROOM', depthFt: 12 },
        { name: 'BATHROOM', depthFt: 0 },
      ],
      exteriorFt: 1,
      interiorFt: 0.33,
      doorFt: 2.75,
      feetPerPoint: 50 / 864,
      note: 'SCALE 1:50',
      page: { widthIn: 16.54, heightIn: 11.69 },
      font: 'DejaVu Sans',
      labelPx: 10,
      letterSpacingPx: 1.2,
      tagLines: ['number', 'm2'],
    },
  },
  {
    label:
      'a house at 1/4" = 1\'-0" with labels tracked wide (0.4 em), names of two words over a number and area, a WC whose two letters are a word space apart',
    options: {
      leftFt: 18,
      rightFt: 14,
      left: [
        { name: 'LIVING ROOM', depthFt: 15 },
        { name: 'DINING ROOM', depthFt: 11 },
      ],
      right: [
        { name: 'BEDROOM 2', depthFt: 12 },
        { name: 'MASTER BATH', depthFt: 0, split: { atFt: 9, name: 'WC' } },
      ],
      exteriorFt: 0.5,
      interiorFt: 0.375,
      doorFt: 3,
      feetPerPoint: 1 / 18,
      note: `1/4" = 1'-0"`,
      page: { widthIn: 17, heightIn: 11 },
      font: 'DejaVu Sans',
      labelPx: 10,
      letterSpacingPx: 4,
      tagLines: ['number', 'sf'],
    },
  },
];

describe('PDF plans printed by Chromium', () => {
  const work = mkdtempSync(join(tmpdir(), 'kerf-printed-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  for (const { label, options } of PLANS)
    it(`measures ${label}`, async () => {
      const plan = await printedPlan(options);
      const file = join(work, 'plan.pdf');
      writeFileSync(file, plan.pdf);
      const analysis = await analyzeDocument(file, 'pdf');
      assert.equal(analysis.status, 'analyzed', analysis.error);
      const pages = analysis.pages ?? [];
      assert.equal(pages.length, 1, 'one sheet, no blank page after it');
      assert.equal(pages[0]!.scale?.source, 'scale-note');
      assert.ok(Math.abs(pages[0]!.scale!.feetPerPoint / options.feetPerPoint - 1) < 1e-9);

      // Every room by its whole name (Skia writes "KITCHEN" as "KIT" and "CHEN" placed apart by a kerning pair).
      const found = new Map((analysis.rooms ?? []).map((room) => [room.name, room]));
      for (const room of plan.rooms) {
        // A number under a name is part of it ("BEDROOM 103").
        const name = room.number ? `${room.name} ${room.number}` : room.name;
        const measured = found.get(name);
        assert.ok(measured, `${name} among ${[...found.keys()].join(', ')}`);
        assert.ok(
          Math.abs(measured.areaSqFt / room.areaSqFt - 1) <= 0.01,
          `${name}: ${measured.areaSqFt} sq ft measured, ${room.areaSqFt} true`,
        );
        if (room.printedAreaSqFt !== undefined)
          assert.ok(
            Math.abs((measured.printedAreaSqFt ?? NaN) - room.printedAreaSqFt) <= 0.01,
            `${name}: ${measured.printedAreaSqFt} read, ${room.printedAreaSqFt} printed`,
          );
      }
      assert.equal(found.size, plan.rooms.length, [...found.keys()].join(', '));

      const doors = (analysis.symbols ?? []).find((s) => s.name === 'door');
      assert.equal(doors?.count, plan.doors);
      // The plans draw no fixture: the short wall pieces beside the openings, alike at every door, are walls.
      assert.deepEqual(
        (analysis.symbols ?? []).filter((s) => s.name !== 'door').map((s) => [s.name, s.count, s.at]),
        [],
      );

      // Walls drawn as solid fills with no outline still have a length.
      const walls = (analysis.layers ?? []).find((l) => l.wallLengthFt !== undefined);
      assert.ok(walls, JSON.stringify(analysis.layers));
      assert.ok(
        Math.abs(walls.wallLengthFt! / plan.wallLengthFt - 1) <= 0.02,
        `${walls.wallLengthFt} ft of walls measured, ${plan.wallLengthFt} true`,
      );
    });
});
