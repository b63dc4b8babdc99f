/**
 * The corpus's real DXF drawings plotted as vector PDF sheets (dxf-to-pdf.ts)
 * and taken off as PDFs: the sheet's scale, each layer's length, the rooms the
 * DXF takeoff measures and the doors and fixtures it counts must come out of
 * the PDF as they come out of the DXF and its ground truth (ezdxf's reading).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { categorizeBlock } from '../../src/analysis/dxf/block-categories';
import { corpusFiles, corpusPath, readTruth } from './corpus';
import { dxfSheet, type DxfSheet } from './dxf-to-pdf';

interface DxfTruth {
  layers: Record<string, { length: { total: number } }>;
}

/** The corpus's floor plans: rooms, doors and fixtures, besides layers. */
const PLANS = ['skymakerolof-dxf_floorplan.dxf', 'skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf'];
/** Within 1%, or a hundredth of a foot where the PDF takeoff rounds a short layer's length. */
const within = (actual: number, expected: number, slack = 0.01) =>
  Math.abs(actual - expected) <= Math.max(Math.abs(expected) * 0.01, slack);
/** A fixture's own size: how far the PDF may place a symbol from the middle of the block's drawing. */
const SYMBOL_REACH_FT = 3;
/** page-takeoff.ts lists this many symbols per page, most repeated first. */
const MAX_SYMBOLS_PER_PAGE = 50;

interface Plotted {
  /** The file, and the scale it is plotted at. */
  file: string;
  label: string;
  dxf: DocumentAnalysis;
  sheet: DxfSheet;
  pdf: DocumentAnalysis;
}

/**
 * The DXF taken off in the units its dimensions say it is drawn in (the one-click fix a user makes),
 * plotted at the largest usual scale that fits a sheet (and, `smallerBy` > 0, at smaller ones) and read back.
 */
async function plot(file: string, smallerBy: number[]): Promise<Plotted[]> {
  const read = await analyzeDocument(corpusPath(file), 'dxf');
  const unit = read.units?.suggested;
  const dxf = unit
    ? await analyzeDocument(corpusPath(file), 'dxf', { units: { unit, setBy: 'test', setAt: '2026-01-01' } })
    : read;
  assert.equal(dxf.status, 'analyzed', dxf.error);
  const plotted: Plotted[] = [];
  for (const steps of smallerBy) {
    const sheet = await dxfSheet(corpusPath(file), dxf.units!.feetPerUnit, { smallerBy: steps });
    const pdf = await analyzeDocument(sheet.pdf, 'pdf');
    assert.equal(pdf.status, 'analyzed', pdf.error);
    plotted.push({ file, label: `${file} at ${sheet.note}`, dxf, sheet, pdf });
  }
  return plotted;
}

describe('PDF sheets plotted from the corpus DXF drawings', () => {
  const plotted: Plotted[] = [];
  // The plans also one usual scale smaller: door, room and symbol sizes are judged at the sheet's scale.
  const plans = () => plotted.filter((p) => PLANS.includes(p.file));
  before(async () => {
    for (const file of corpusFiles('.dxf')) plotted.push(...(await plot(file, PLANS.includes(file) ? [0, 1] : [0])));
  });

  it('the Bishop-Overland plan, whose header says mm, is taken off in the inches its dimensions read', () => {
    const bishop = plotted.filter((p) => p.file === 'skymakerolof-dxf_floorplan.dxf');
    assert.equal(bishop[0].dxf.units!.usedAs, 'in');
    assert.deepEqual(
      bishop.map((p) => p.sheet.note),
      [`1/4" = 1'-0"`, `3/16" = 1'-0"`],
    );
  });

  it('reads each sheet’s scale exactly from its note', () => {
    for (const { label: file, sheet, pdf } of plotted) {
      const scale = pdf.pages![0].scale;
      assert.equal(scale?.note, sheet.note, file);
      assert.equal(scale?.source, 'scale-note', file);
      assert.ok(Math.abs(scale.feetPerPoint / sheet.feetPerPoint - 1) < 1e-12, `${file}: ${scale.feetPerPoint}`);
    }
  });

  it('measures every layer’s linework as the DXF and its ground truth do, within 1%', () => {
    for (const { file, label, dxf, sheet, pdf } of plotted) {
      const truth = readTruth<DxfTruth>(file);
      const feetPerUnit = dxf.units!.feetPerUnit;
      for (const [name, drawn] of sheet.drawnLengthFt) {
        if (drawn < 0.05) continue;
        const layer = pdf.layers!.find((l) => l.name === name);
        assert.ok(layer, `${label}: layer ${name} is on the PDF`);
        // The DXF takeoff and the truth count model space only; the sheet also draws what block INSERTs place.
        const inserted = sheet.insertedLengthFt.get(name) ?? 0;
        const dxfLayer = dxf.layers!.find((l) => l.name === name)?.lengthFt ?? 0;
        const truthLayer = (truth.layers[name]?.length.total ?? 0) * feetPerUnit;
        for (const [what, expected] of [
          ['the DXF takeoff', dxfLayer + inserted],
          ['the ground truth', truthLayer + inserted],
        ] as const) {
          assert.ok(
            within(layer.lengthFt, expected),
            `${label}: ${name} measures ${layer.lengthFt} ft on the PDF, ${expected.toFixed(2)} ft by ${what}`,
          );
        }
      }
    }
  });

  it('finds each room the DXF outlines, by name, within 1% of the DXF’s area', () => {
    let rooms = 0;
    for (const { label: file, dxf, pdf } of plans()) {
      // The rooms only the DXF's walls bound are measured against their printed sizes (below).
      for (const room of (dxf.rooms ?? []).filter((r) => r.source !== 'wall-linework')) {
        const found = pdf.rooms!.filter((r) => r.name === room.name);
        assert.equal(found.length, 1, `${file}: ${room.name} on the PDF (${pdf.rooms!.map((r) => r.name).join(', ')})`);
        assert.ok(
          within(found[0].areaSqFt, room.areaSqFt, 0),
          `${file}: ${room.name} measures ${found[0].areaSqFt} sq ft on the PDF, ${room.areaSqFt} in the DXF`,
        );
        rooms++;
      }
    }
    assert.ok(rooms >= 3, `${rooms} rooms compared`);
  });

  /** The sizes as the Bishop-Overland sheet prints them under the names (width x length, feet and inches). */
  const BISHOP_SIZES: Record<string, string> = {
    'MASTER BEDROOM': `13'8 x 14'`,
    'MSTR. BATH': `7' x 5'7`,
    'TOIL.': `5' x 5'7`,
    BATH: `5' x 8'1`,
    Pantry: `4'4 x 6'8`,
    'BEDROOM 2': `13'6 x 11'`,
    'BEDROOM 3': `11'6 x 13'`,
    'UTIL.': `5'3 x 6'8`,
    CLOSET: `8' x 2'`,
  };
  const feet = (text: string) => {
    const [, ft, inches] = /^(\d+)'(\d+)?$/.exec(text.trim())!;
    return Number(ft) + Number(inches ?? 0) / 12;
  };
  /** Each named room's area against its printed size: [name, measured, printed] where they differ by over 1%. */
  const offPrintedSizes = (pdf: DocumentAnalysis, names: string[]) =>
    names.flatMap((name) => {
      const [width, length] = BISHOP_SIZES[name].split(' x ').map(feet);
      const room = pdf.rooms!.find((r) => r.name === name);
      return room && within(room.areaSqFt, width * length, 0) ? [] : [[name, room?.areaSqFt, width * length]];
    });

  it('measures the rooms the Bishop-Overland DXF bounds by its walls alone at the sizes printed in their tags', () => {
    // The DXF draws outlines for its garage, deck and porch only: its other rooms are its walls' faces.
    const { dxf } = plotted.find((p) => p.file === 'skymakerolof-dxf_floorplan.dxf')!;
    const names = Object.keys(BISHOP_SIZES);
    assert.deepEqual(offPrintedSizes(dxf, names), []);
    const shoelace = (ring: Array<[number, number]>) =>
      Math.abs(
        ring.reduce(
          (sum, [x, y], i) => sum + x * ring[(i + 1) % ring.length]![1] - ring[(i + 1) % ring.length]![0] * y,
          0,
        ),
      ) / 2;
    for (const name of names) {
      const room = dxf.rooms!.find((r) => r.name === name)!;
      assert.equal(room.source, 'wall-linework', name);
      // The outline is in drawing units (inches), where the viewer draws it: its area is the room's.
      assert.ok(
        within(shoelace(room.outline!) / 144, room.areaSqFt),
        `${name}: outline ${shoelace(room.outline!) / 144}`,
      );
    }
    assert.equal(dxf.rooms!.find((r) => r.name === '2 CAR GARAGE')?.source, undefined, 'the drawn outline measures it');
    // It places no door block: its doors are counted by their swings, as the sheet plotted from it counts them.
    const { pdf } = plotted.find((p) => p.file === 'skymakerolof-dxf_floorplan.dxf')!;
    const swings = dxf.quantities.find((q) => q.description === 'door swings on the plan');
    assert.equal(swings?.quantity, pdf.symbols!.find((s) => s.name === 'door')!.count);
    assert.equal(swings?.quantity, 10);
    // Its two walk-in closets are two rooms, told apart.
    assert.deepEqual(
      dxf.rooms!.filter((r) => r.name.startsWith('W.I.C.')).map((r) => [r.name, r.areaSqFt.toFixed(1)]),
      [
        ['W.I.C.', '41.4'],
        ['W.I.C. (2)', '26.9'],
      ],
    );
    // The open living area holds five names the walls do not part: none is measured, and the user is told.
    assert.ok(!dxf.rooms!.some((r) => ['KITCHEN', 'GREAT ROOM', 'DINING ROOM'].includes(r.name)));
    assert.ok(
      dxf.warnings!.some((w) =>
        /GREAT ROOM.* not measured\. Draw their boundaries as closed polylines in the drawing/.test(w),
      ),
      dxf.warnings!.join('\n'),
    );
  });

  it('measures the Bishop-Overland rooms its walls and doors close at the sizes printed in their tags', async () => {
    // Plotted as the set's walls-and-doors sheet: without the same drawing's foundation, framing and roof
    // layers (NCS disciplines S, FF, R) and its casework and fixtures.
    const file = 'skymakerolof-dxf_floorplan.dxf';
    const { dxf } = plotted.find((p) => p.file === file)!;
    const sheet = await dxfSheet(corpusPath(file), dxf.units!.feetPerUnit, {
      leaveOut: (layer) => /(^|\$)(S|FF|R)-|\$A-(CASE|FIXTURE)/.test(layer),
    });
    const pdf = await analyzeDocument(sheet.pdf, 'pdf');
    const names = Object.keys(BISHOP_SIZES);
    assert.deepEqual(offPrintedSizes(pdf, names), []);
    for (const name of names) {
      const room = pdf.rooms!.find((r) => r.name === name)!;
      assert.equal(room.source, 'wall-linework', name);
      // The size is read with the tag (the closet's is written along its wall, apart from its name).
      if (name !== 'CLOSET') assert.equal(room.printedSize, BISHOP_SIZES[name], name);
    }
    // UTIL. is crossed wall to wall by a line of the notes layer, a pen none of whose lines has a partner face:
    // no wall (it was measured 5'-8" of its 6'8). No room disagrees with its written size.
    assert.deepEqual(
      (pdf.roomNotes ?? []).filter(
        (n) => n.kind === 'printed-size-differs' && n.rooms.some((r) => r.name in BISHOP_SIZES),
      ),
      [],
    );
  });

  it('measures the Bishop-Overland rooms to their walls, not to the casework and fixtures drawn along them', async () => {
    // The floor plan sheet as a set prints it: walls, doors, casework (counters, shelves, vanities) and fixtures.
    const file = 'skymakerolof-dxf_floorplan.dxf';
    const { dxf } = plotted.find((p) => p.file === file)!;
    const sheet = await dxfSheet(corpusPath(file), dxf.units!.feetPerUnit, {
      leaveOut: (layer) => /(^|\$)(S|FF|R)-/.test(layer),
    });
    const pdf = await analyzeDocument(sheet.pdf, 'pdf');
    // The closets', pantry's and baths' faces ran to the front of their shelves, counters and tubs: 14.6 of
    // Pantry's 28.9 sq ft, 14.6 of TOIL.'s 27.9, 25.1 of MSTR. BATH's 39.1.
    const casework = ['MSTR. BATH', 'TOIL.', 'BATH', 'Pantry'];
    assert.deepEqual(offPrintedSizes(pdf, [...casework, 'MASTER BEDROOM', 'BEDROOM 2', 'BEDROOM 3']), []);
    // Two rooms tagged W.I.C. on the sheet, each a room of its own, told apart in reading order as the DXF's are.
    const wic = pdf.rooms!.filter((r) => r.name.startsWith('W.I.C.')).map((r) => [r.name, Math.round(r.areaSqFt)]);
    assert.deepEqual(
      wic,
      [
        ['W.I.C.', 41],
        ['W.I.C. (2)', 27],
      ],
      `the walk-in closets, 7' x 5'11 and 8'1 x 3'4: ${JSON.stringify(wic)}`,
    );
  });

  it('measures the Bishop-Overland sheet printed at 75% of its note at the scale its room sizes give', async () => {
    const file = 'skymakerolof-dxf_floorplan.dxf';
    const { dxf } = plotted.find((p) => p.file === file)!;
    const leaveOut = (layer: string) => /(^|\$)(S|FF|R)-/.test(layer);
    // Plotted at 3/16" = 1'-0" under a note saying 1/4" (the same number of bytes: the file's offsets hold).
    const sheet = await dxfSheet(corpusPath(file), dxf.units!.feetPerUnit, { leaveOut, smallerBy: 1 });
    const content = sheet.pdf.toString('latin1');
    assert.match(content, /3\/16" = 1'-0"/);
    const misnoted = Buffer.from(content.replace(/3\/16" = 1'-0"/g, ` 1/4" = 1'-0"`), 'latin1');
    const [pdf, plain] = await Promise.all([analyzeDocument(misnoted, 'pdf'), analyzeDocument(sheet.pdf, 'pdf')]);
    const scale = pdf.pages![0].scale!;
    assert.equal(scale.note, `1/4" = 1'-0"`);
    assert.ok(Math.abs(scale.feetPerPoint / (1 / 13.5) - 1) <= 0.005, JSON.stringify(scale));
    assert.ok(
      pdf.warnings!.some((w) => w.startsWith(`Page 1 is printed at 75% of its scale note 1/4" = 1'-0"`)),
      JSON.stringify(pdf.warnings),
    );
    // The same rooms as the sheet read at its true note, each within 0.5%.
    const found = JSON.stringify(pdf.rooms!.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(
      pdf.rooms!.map((r) => r.name),
      plain.rooms!.map((r) => r.name),
      found,
    );
    pdf.rooms!.forEach((room, i) =>
      assert.ok(Math.abs(room.areaSqFt / plain.rooms![i].areaSqFt - 1) <= 0.005, `${room.name}: ${found}`),
    );
  });

  it('reads the Bishop-Overland sheet’s scale from its room sizes when it has no scale note, and measures it alike', async () => {
    const file = 'skymakerolof-dxf_floorplan.dxf';
    const { dxf } = plotted.find((p) => p.file === file)!;
    const leaveOut = (layer: string) => /(^|\$)(S|FF|R)-|\$A-(CASE|FIXTURE)/.test(layer);
    const noted = await analyzeDocument(
      (await dxfSheet(corpusPath(file), dxf.units!.feetPerUnit, { leaveOut })).pdf,
      'pdf',
    );
    const sheet = await dxfSheet(corpusPath(file), dxf.units!.feetPerUnit, { leaveOut, withoutNote: true });
    const pdf = await analyzeDocument(sheet.pdf, 'pdf');
    assert.deepEqual(pdf.pages![0].scale, { feetPerPoint: 1 / 18, source: 'dimensions' });
    assert.ok(
      pdf.warnings!.some((w) =>
        w.startsWith(`Page 1 has no scale note: its scale, 1/4" = 1'-0", is read from the room sizes`),
      ),
      JSON.stringify(pdf.warnings),
    );
    assert.deepEqual(
      pdf.rooms!.map((r) => [r.name, r.areaSqFt]),
      noted.rooms!.map((r) => [r.name, r.areaSqFt]),
    );
  });

  it('counts the doors and the fixtures placed at one size as the DXF counts their blocks, where they are', () => {
    let compared = 0;
    const beyondTheList: string[] = [];
    for (const { label: file, dxf, sheet, pdf } of plans()) {
      const feetPerPoint = sheet.feetPerPoint;
      for (const block of dxf.blocks ?? []) {
        const scales = sheet.insertScales.get(block.name) ?? [];
        // Copies drawn at different sizes are different shapes on paper; a single copy repeats nothing.
        if (block.count < 2 || block.count !== block.totalCount || new Set(scales).size !== 1) continue;
        if (!block.at || block.at.length !== block.count) continue;
        const expected = block.at.map(([x, y]) => sheet.toPage({ x, y }));
        const isDoor = categorizeBlock(block.name)?.label === 'Doors';
        const candidates = pdf.symbols!.filter((s) => (isDoor ? s.name === 'door' : s.name !== 'door'));
        // A page lists its most repeated symbols, up to MAX_SYMBOLS_PER_PAGE: where it is full (the
        // Ceco plan's trees repeat dozens of leaf shapes), a fixture repeated fewer times is not listed.
        const listFull = candidates.length >= MAX_SYMBOLS_PER_PAGE;
        if (!isDoor && listFull && block.count < Math.min(...candidates.map((s) => s.count))) {
          beyondTheList.push(`${file}: ${block.name}`);
          continue;
        }
        const match = candidates.find(
          (s) =>
            s.count === block.count &&
            expected.every(([x, y]) =>
              s.at.some(([sx, sy]) => Math.hypot(sx - x, sy - y) * feetPerPoint <= SYMBOL_REACH_FT),
            ),
        );
        assert.ok(
          match,
          `${file}: ${block.count} × ${block.name} at ${JSON.stringify(expected.map((p) => p.map(Math.round)))}; ` +
            `the PDF counts ${JSON.stringify(candidates.map((s) => [s.name, s.count]))}`,
        );
        compared++;
      }
    }
    assert.ok(compared >= 4, `${compared} blocks compared`);
    // docs/benchmarks.md: the one fixture of the corpus plans beyond a full list (a section marker).
    assert.deepEqual(beyondTheList, [
      'skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf at 1:50: start',
      'skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf at 1:100: start',
    ]);
  });
});
