/**
 * Rules found on the corpus DXF plans plotted as PDFs (pdf-from-dxf.spec.ts),
 * each on a generated sheet at 1/4" = 1'-0": text at an angle in and beside
 * room tags, names that start with a count or run over two lines, doors
 * under a header drawn across their opening, and fixtures drawn in parts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import { writePdf } from './pdf-fixture-writer';

/** A closed outline, PDF space (y up). */
function rectangle(x: number, y: number, width: number, height: number): string {
  return `${x} ${y} m ${x + width} ${y} l ${x + width} ${y + height} l ${x} ${y + height} l h S`;
}

/** Text written up the page (turned a quarter anticlockwise), starting at x, y. */
function upwards(text: string, x: number, y: number, size: number): string {
  return `BT /F1 ${size} Tf 0 1 -1 0 ${x} ${y} Tm (${text}) Tj ET`;
}

describe('room tags and symbols on plotted plans', () => {
  it('reads tags beside text at an angle, names along a closet, and a name starting with a count', async () => {
    const graphics = [
      '0.5 w 0 0 0 RG',
      // COVERED over DECK (10' × 8'), a door size written up the wall between its lines' heights.
      rectangle(100, 100, 180, 144),
      upwards('6068 S.G.D.', 150, 172, 8),
      // A 3' × 8' closet named along its length, beside a 10' × 6' porch its name would cover if read level.
      rectangle(246, 300, 54, 144),
      upwards('CLOSET', 290, 330, 10),
      rectangle(300, 300, 180, 108),
      // A garage, 13'-4" × 10'.
      rectangle(520, 100, 240, 180),
    ].join('\n');
    const pdf = writePdf([
      {
        graphics,
        lines: [
          { text: 'COVERED', x: 160, y: 180, size: 12 },
          { text: 'DECK', x: 174, y: 165, size: 12 },
          { text: 'PORCH', x: 370, y: 350, size: 12 },
          { text: '2 CAR GARAGE', x: 580, y: 190, size: 12 },
          { text: `SCALE: 1/4" = 1'-0"`, x: 40, y: 40, size: 10 },
        ],
      },
    ]);
    const analysis = await analyzeDocument(pdf, 'pdf');
    const areas = Object.fromEntries(analysis.rooms!.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(
      areas,
      { 'COVERED DECK': 80, CLOSET: 24, PORCH: 60, '2 CAR GARAGE': 133.33 },
      JSON.stringify(analysis.warnings),
    );
  });

  it('reads a name written over two lines, both naming a space, as one name', async () => {
    // MASTER over BEDROOM in a 14' × 12' room, beside a 10' × 12' BEDROOM 2 tagged over its size.
    const pdf = writePdf([
      {
        graphics: ['0.5 w 0 0 0 RG', rectangle(100, 300, 252, 216), rectangle(352, 300, 180, 216)].join('\n'),
        lines: [
          { text: 'MASTER', x: 200, y: 420, size: 12 },
          { text: 'BEDROOM', x: 194, y: 405, size: 12 },
          { text: 'BEDROOM 2', x: 410, y: 420, size: 12 },
          { text: `10' x 12'`, x: 420, y: 405, size: 10 },
          { text: `SCALE: 1/4" = 1'-0"`, x: 40, y: 40, size: 10 },
        ],
      },
    ]);
    const analysis = await analyzeDocument(pdf, 'pdf');
    assert.deepEqual(
      Object.fromEntries(analysis.rooms!.map((r) => [r.name, r.areaSqFt])),
      { 'MASTER BEDROOM': 168, 'BEDROOM 2': 120 },
      JSON.stringify(analysis.warnings),
    );
  });

  it('closes a door opening that a header drawn across it spans from the hinge to the far jamb', async () => {
    // Two 10' × 8' rooms either side of a 6" wall, a 2'-6" door from the left one swinging into the right
    // one, and the header over the opening drawn as a rectangle in the wall's thickness (drawn first, as a
    // plot draws its layers by name: A-HEADER before A-OPENING). Its side from the hinge to the far jamb is
    // as long as the leaf, and ends at the swing's closed end.
    const k = 0.5523 * 45;
    const graphics = [
      '0.5 w 0 0 0 RG',
      // The header.
      '280 150 m 289 150 l 289 195 l 280 195 l h S',
      // The leaf standing open, and its swing.
      '289 150 m 334 150 l S',
      `334 150 m 334 ${150 + k} ${289 + k} 195 289 195 c S`,
      // The rooms' faces, open at the door.
      '280 150 m 280 100 l 100 100 l 100 244 l 280 244 l 280 195 l S',
      '289 150 m 289 100 l 469 100 l 469 244 l 289 244 l 289 195 l S',
      '280 150 m 289 150 l S',
      '280 195 m 289 195 l S',
    ].join('\n');
    const pdf = writePdf([
      {
        graphics,
        lines: [
          { text: 'OFFICE', x: 170, y: 170, size: 12 },
          { text: 'STORAGE', x: 350, y: 220, size: 12 },
          { text: `SCALE: 1/4" = 1'-0"`, x: 40, y: 40, size: 10 },
        ],
      },
    ]);
    const analysis = await analyzeDocument(pdf, 'pdf');
    assert.equal(analysis.symbols!.find((s) => s.name === 'door')?.count, 1);
    assert.deepEqual(
      Object.fromEntries(analysis.rooms!.map((r) => [r.name, r.areaSqFt])),
      { OFFICE: 80, STORAGE: 80 },
      JSON.stringify(analysis.warnings),
    );
  });

  it('counts a fixture drawn in parts that do not touch once per copy, as one symbol', async () => {
    // A 2' × 1'-2" tub with a drain inside it, not touching: four copies, turned and mirrored.
    const tub = (cx: number, cy: number, turn: number, mirror: boolean) => {
      const place = ([x, y]: [number, number]): string => {
        const mx = mirror ? -x : x;
        const a = (turn * Math.PI) / 180;
        return `${(cx + mx * Math.cos(a) - y * Math.sin(a)).toFixed(3)} ${(cy + mx * Math.sin(a) + y * Math.cos(a)).toFixed(3)}`;
      };
      const rim: Array<[number, number]> = [
        [-18, -10],
        [18, -10],
        [18, 10],
        [-18, 10],
        [-18, -10],
      ];
      const drain = Array.from({ length: 13 }, (_, k): [number, number] => [
        10 + 3 * Math.cos((k * Math.PI) / 6),
        3 * Math.sin((k * Math.PI) / 6),
      ]);
      return [rim, drain].map((part) => part.map((p, i) => `${place(p)} ${i ? 'l' : 'm'}`).join(' ') + ' S').join('\n');
    };
    const graphics = [
      '0.5 w 0 0 0 RG',
      tub(150, 300, 0, false),
      tub(300, 300, 90, false),
      tub(450, 300, 30, true),
      tub(600, 300, 200, false),
    ].join('\n');
    const pdf = writePdf([{ graphics, lines: [{ text: `SCALE: 1/4" = 1'-0"`, x: 40, y: 40, size: 10 }] }]);
    const analysis = await analyzeDocument(pdf, 'pdf');
    assert.deepEqual(
      analysis.symbols!.map((s) => [s.name, s.count]),
      [['symbol 1', 4]],
    );
    const [symbol] = analysis.symbols!;
    // Each copy is reported at the middle of the whole tub (the rim's middle), not the drain's.
    for (const [x, y] of [
      [150, 792 - 300],
      [300, 792 - 300],
    ])
      assert.ok(
        symbol.at.some(([sx, sy]) => Math.hypot(sx - x, sy - y) < 1),
        JSON.stringify(symbol.at),
      );
  });
});
