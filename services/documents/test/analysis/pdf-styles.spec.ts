/**
 * One plan drawn the ways real exporters write plans (pdf-style-fixture.ts),
 * a page each: every named room within 1% of its true area, the scale read
 * exactly from the note, every door counted, and the areas the tags print read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import type { PagePath } from '../../src/analysis/pdf/page-geometry';
import { outlinesOfWallStrokes } from '../../src/analysis/pdf/wall-strokes';
import { letteringPaths, mayHoldShxComments, shxTextRuns } from '../../src/analysis/pdf/shx-text';
import { SQ_FT_PER_SQ_M, styledPlan, writeStyledPdf, type StyleOptions } from './pdf-style-fixture';

const QUARTER = { feetPerPoint: 1 / 18, note: `SCALE: 1/4" = 1'-0"` };
const EIGHTH = { feetPerPoint: 1 / 9, note: `SCALE: 1/8" = 1'-0"` };
/** Plan sheets are large (ARCH D, ISO A1): read on the path for sheets, without their images. */
const ARCH_D = { width: 2592, height: 1728 };
const A1 = { width: 2384, height: 1684 };
const LETTER = { width: 792, height: 612 };

const STYLES: Array<{ label: string; options: StyleOptions; metric?: boolean }> = [
  {
    label: 'Revit: walls as one solid poché shape, no outline; tags name, number, "120 SF"; doors from one form',
    options: { ...QUARTER, walls: 'poche', doors: 'form', numbers: true, areas: 'sf', sheet: ARCH_D },
  },
  {
    label: 'Revit: poché with a thin outline; tags with "AREA: 120 SF"; rooms filled by a colour scheme',
    options: { ...QUARTER, walls: 'poche-outline', doors: 'form', numbers: true, areas: 'area-sf', roomFills: true },
  },
  {
    label: 'Revit doors with a solid leaf (a filled thin rectangle) in poché walls',
    options: { ...QUARTER, walls: 'poche', doors: 'form-solid-leaf', numbers: true },
  },
  {
    label: 'a solid door leaf in walls drawn as faces',
    options: { ...EIGHTH, walls: 'faces', doors: 'form-solid-leaf', areas: 'sf' },
  },
  {
    label: 'walls filled with a tiling pattern after the paper is painted white',
    options: { ...QUARTER, walls: 'poche-pattern', doors: 'form', numbers: true, areas: 'sf' },
  },
  {
    label: 'a grey filled rectangle per wall piece, no outline',
    options: { ...EIGHTH, walls: 'poche-pieces', doors: 'lines', numbers: true },
  },
  {
    label: 'ArchiCAD/AutoCAD: wall faces with a diagonal hatch drawn line by line between them',
    options: { ...QUARTER, walls: 'hatch', doors: 'lines', areas: 'sf' },
  },
  {
    label: 'a diagonal hatch across the plan shown inside the walls through a clipping path',
    options: { ...QUARTER, walls: 'hatch-clip', doors: 'lines' },
  },
  {
    label:
      'AutoCAD DWG to PDF: the drawing in one clipped form in plot units, text sized by Tm with Tz and Tc, the MediaBox off 0 0',
    options: {
      ...EIGHTH,
      walls: 'faces',
      doors: 'lines',
      plotForm: true,
      text: 'tm-scaled',
      areas: 'sf',
      sheet: ARCH_D,
      origin: [-18, 36],
    },
  },
  {
    label: 'AutoCAD SHX lettering: letters drawn as strokes, the strings only in hidden "AutoCAD SHX Text" comments',
    options: {
      ...EIGHTH,
      walls: 'hatch',
      doors: 'lines',
      text: 'shx',
      plotForm: true,
      numbers: true,
      areas: 'sf',
      sheet: ARCH_D,
    },
  },
  {
    label: 'AutoCAD SHX lettering on a sheet stored portrait with /Rotate 90',
    options: { ...QUARTER, walls: 'faces', doors: 'lines', text: 'shx', rotate: 90, numbers: true, areas: 'sf' },
  },
  {
    label: 'text in a Type3 font with its own font matrix (SHX text plotted as a font)',
    options: { ...QUARTER, walls: 'faces', doors: 'lines', text: 'type3', numbers: true, areas: 'sf', sheet: ARCH_D },
  },
  {
    label: 'a landscape sheet stored portrait with /Rotate 90',
    options: { ...EIGHTH, walls: 'faces', doors: 'lines', rotate: 90, areas: 'sf' },
  },
  {
    label: 'an ARCH D sheet stored portrait with /Rotate 270, drawn in a plot form with poché walls',
    options: { ...QUARTER, walls: 'poche', doors: 'form', rotate: 270, plotForm: true, numbers: true, sheet: ARCH_D },
  },
  {
    label: 'metric 1:100, areas as "11.15 m²"',
    options: { feetPerPoint: 100 / 864, note: 'SCALE 1:100', walls: 'faces', doors: 'lines', areas: 'm²', textSize: 4 },
    metric: true,
  },
  {
    label: 'metric 1:50, areas as "11.15 m2", numbers, hatched walls',
    options: {
      feetPerPoint: 50 / 864,
      note: 'M 1:50',
      walls: 'hatch',
      doors: 'lines',
      areas: 'm2',
      numbers: true,
      textSize: 6,
      sheet: A1,
    },
    metric: true,
  },
  {
    label: 'metric 1:50 with decimal commas, "11,15 m²"',
    options: {
      feetPerPoint: 50 / 864,
      note: 'Scale 1 : 50',
      walls: 'poche',
      doors: 'form',
      areas: 'm²-comma',
      textSize: 6,
    },
    metric: true,
  },
  {
    label: 'AutoCAD SOLID hatch through Ghostscript: walls painted by lines closer than their width, no outline',
    options: { ...QUARTER, walls: 'hatch-solid', doors: 'lines', areas: 'sf' },
  },
  {
    label: 'walls as single strokes as wide as the wall',
    options: { ...QUARTER, walls: 'thick', doors: 'lines', areas: 'sf' },
  },
  {
    label: 'walls as single strokes at 1/8" = 1\'-0"',
    options: { ...EIGHTH, walls: 'thick', doors: 'lines', numbers: true },
  },
];

describe('PDF plan takeoff across exporter styles', () => {
  const plans = STYLES.map((s) => styledPlan(s.options));
  let analysis: DocumentAnalysis;

  it('is analysed, each page the size it is shown at', async () => {
    analysis = await analyzeDocument(writeStyledPdf(plans.map((p) => p.page)), 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.deepEqual(
      analysis.pages!.map((p) => [p.widthPts, p.heightPts]),
      STYLES.map(({ options: { sheet = LETTER } }) => [sheet.width, sheet.height]),
    );
  });

  STYLES.forEach(({ label, options, metric }, i) => {
    const page = i + 1;
    const plan = plans[i];
    describe(label, () => {
      it('reads the scale exactly', () => {
        assert.equal(analysis.pages![i].scale?.source, 'scale-note', JSON.stringify(analysis.pages![i].scale));
        assert.equal(analysis.pages![i].scale!.feetPerPoint, options.feetPerPoint);
      });

      it(`measures every room within 1%${metric ? ' (in m²)' : ''}`, () => {
        const sheet = options.sheet ?? LETTER;
        const rooms = analysis.rooms!.filter((r) => r.page === page);
        const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
        assert.deepEqual(rooms.map((r) => r.name).sort(), Object.keys(plan.areas).sort(), found);
        const unit = metric ? SQ_FT_PER_SQ_M : 1;
        for (const room of rooms) {
          const truth = plan.areas[room.name] / unit;
          assert.ok(Math.abs(room.areaSqFt / unit - truth) <= truth * 0.01, `${room.name}: ${found}`);
          // Page points of the page as shown: origin top-left, y down.
          assert.ok(
            room.outline!.every(([x, y]) => x >= 0 && x <= sheet.width && y >= 0 && y <= sheet.height),
            room.name,
          );
        }
      });

      it('counts every door', () => {
        const doors = analysis.symbols!.find((s) => s.page === page && s.name === 'door');
        assert.equal(doors?.count, plan.doorCount);
      });

      if (Object.keys(plan.printed).length)
        it('reads the areas the tags print', () => {
          const rooms = analysis.rooms!.filter((r) => r.page === page);
          for (const [name, sqFt] of Object.entries(plan.printed)) {
            const room = rooms.find((r) => r.name === name);
            assert.ok(room?.printedAreaSqFt !== undefined, `${name}: ${JSON.stringify(room)}`);
            assert.ok(Math.abs(room.printedAreaSqFt - sqFt) < 0.01, `${name}: ${room.printedAreaSqFt} vs ${sqFt}`);
          }
        });
    });
  });

  it('counts door swings drafted loosely (each arc centred 9% of its radius behind its leaf’s hinge) and closes the rooms at them', async () => {
    const plan = styledPlan({ ...EIGHTH, walls: 'faces', doors: 'lines-off-centre', numbers: true });
    const read = await analyzeDocument(writeStyledPdf([plan.page]), 'pdf');
    assert.equal(read.symbols!.find((s) => s.name === 'door')?.count, plan.doorCount);
    const found = JSON.stringify(read.rooms!.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(read.rooms!.map((r) => r.name).sort(), Object.keys(plan.areas).sort(), found);
    // Each room takes in the strip of its doorway between the wall's face and the swing's chord behind it, as
    // drawn: 9% of a 3' door's radius deep.
    for (const room of read.rooms!)
      assert.ok(Math.abs(room.areaSqFt - plan.areas[room.name]) <= plan.areas[room.name] * 0.02, found);
  });

  it('reads the scale from the room sizes in the tags where the sheet has no note, in every style', async () => {
    // The same pages without their scale notes, each room's size written under its name.
    const unnoted = STYLES.map(({ options, metric }) =>
      styledPlan({ ...options, note: '', sizes: metric ? 'metric' : 'imperial' }),
    );
    const read = await analyzeDocument(writeStyledPdf(unnoted.map((p) => p.page)), 'pdf');
    STYLES.forEach(({ label, options, metric }, i) => {
      const scale = read.pages![i].scale;
      assert.equal(scale?.source, 'dimensions', `${label}: ${JSON.stringify(scale)}`);
      assert.ok(Math.abs(scale!.feetPerPoint / options.feetPerPoint - 1) < 1e-9, `${label}: ${scale!.feetPerPoint}`);
      const rooms = read.rooms!.filter((r) => r.page === i + 1);
      assert.deepEqual(rooms.map((r) => r.name).sort(), Object.keys(unnoted[i].areas).sort(), label);
      const unit = metric ? SQ_FT_PER_SQ_M : 1;
      for (const room of rooms) {
        const truth = unnoted[i].areas[room.name] / unit;
        assert.ok(Math.abs(room.areaSqFt / unit - truth) <= truth * 0.01, `${label}: ${room.name} ${room.areaSqFt}`);
      }
    });
    // With their notes too, every room agrees with its size: nothing to note.
    const noted = STYLES.map(({ options, metric }) =>
      styledPlan({ ...options, sizes: metric ? 'metric' : 'imperial' }),
    );
    const both = await analyzeDocument(writeStyledPdf(noted.map((p) => p.page)), 'pdf');
    assert.deepEqual(
      (both.roomNotes ?? []).filter((n) => n.kind === 'printed-size-differs'),
      [],
    );
    assert.ok(both.rooms!.filter((r) => r.printedSize).length >= 3 * STYLES.length);
  });

  it('measures a hatch drawn through a clipping path of the walls’ shape as the same hatch drawn line by line', () => {
    const pageOf = (walls: StyleOptions['walls']) => STYLES.findIndex((s) => s.options.walls === walls) + 1;
    const hatch = (page: number) =>
      analysis.layers!.find((l) => l.page === page && l.name === 'stroke #000000 0.18 pt');
    const [byLine, byClip] = [hatch(pageOf('hatch')), hatch(pageOf('hatch-clip'))];
    assert.ok(byLine && byClip);
    assert.ok(
      Math.abs(byClip.lengthFt - byLine.lengthFt) <= byLine.lengthFt * 0.005,
      `${byClip.lengthFt} vs ${byLine.lengthFt}`,
    );
  });

  it('reads walls filled and stroked in one operator as the same walls filled, then stroked', async () => {
    const once = STYLES.findIndex((s) => s.options.walls === 'poche-outline') + 1;
    const apart = styledPlan({ ...STYLES[once - 1].options, walls: 'poche-outline-apart' });
    const twice = await analyzeDocument(writeStyledPdf([apart.page]), 'pdf');
    const takeoff = (a: DocumentAnalysis, page: number) => ({
      rooms: a.rooms!.filter((r) => r.page === page).map((r) => [r.name, r.areaSqFt, r.outline]),
      layers: a.layers!.filter((l) => l.page === page).map((l) => [l.name, l.lengthFt, l.areaSqFt, l.entityCount]),
      symbols: a.symbols!.filter((s) => s.page === page).map((s) => [s.name, s.count, s.at]),
    });
    assert.deepEqual(takeoff(analysis, once), takeoff(twice, 1));
  });

  // Half-size prints (drawn at half the scale their note still says): the Revit sheet with "120 SF" tags, and
  // the metric one with "11,15 m²" whose doors, read at the note, are too narrow to be doors (the first shares
  // are rough: it is measured twice).
  for (const [label, style] of [
    ['the Revit sheet', STYLES[0]],
    ['the metric sheet with decimal commas', STYLES.find((s) => s.options.areas === 'm²-comma')!],
  ] as const) {
    it(`measures ${label} printed at half size, with no scale bar, at the scale the areas printed in its tags give`, async () => {
      const half = styledPlan({ ...style.options, sheet: LETTER, feetPerPoint: style.options.feetPerPoint * 2 });
      const printed = await analyzeDocument(writeStyledPdf([half.page]), 'pdf');
      assert.equal(printed.status, 'analyzed', printed.error);
      const scale = printed.pages![0].scale!;
      assert.ok(Math.abs(scale.feetPerPoint / (style.options.feetPerPoint * 2) - 1) <= 0.01, JSON.stringify(scale));
      const found = JSON.stringify(printed.rooms!.map((r) => [r.name, r.areaSqFt]));
      assert.deepEqual(printed.rooms!.map((r) => r.name).sort(), Object.keys(half.areas).sort(), found);
      for (const room of printed.rooms!)
        assert.ok(Math.abs(room.areaSqFt - half.areas[room.name]) <= half.areas[room.name] * 0.01, found);
      assert.ok(
        printed.warnings!.some((w) => w.startsWith(`Page 1 is printed at 50% of its scale note ${scale.note}:`)),
        JSON.stringify(printed.warnings),
      );
    });
  }

  it('finds the rooms of a rotated sheet where the same sheet unrotated has them', () => {
    const rotated = STYLES.findIndex((s) => s.options.rotate === 90 && !s.options.text) + 1;
    const twin = styledPlan({ ...STYLES[rotated - 1].options, rotate: undefined });
    return analyzeDocument(writeStyledPdf([twin.page]), 'pdf').then((flat) => {
      const outlines = (a: DocumentAnalysis, page: number) =>
        Object.fromEntries(a.rooms!.filter((r) => r.page === page).map((r) => [r.name, r.outline]));
      assert.deepEqual(outlines(analysis, rotated), outlines(flat, 1));
    });
  });
});

describe('walls drawn as single strokes as wide as the wall', () => {
  /** A stroked straight line, page points, `width` wide. */
  const stroke = (x1: number, y1: number, x2: number, y2: number, width: number): PagePath => ({
    subpaths: [
      [
        { x: x1, y: y1 },
        { x: x2, y: y2 },
      ],
    ],
    closed: [false],
    curves: [],
    stroked: true,
    filled: false,
    style: 0,
    lineWidth: width,
    lineCap: 0,
    dashed: false,
  });

  it('outlines a wall, and a stub shorter than twice its width where it meets the wall, but not a heavy dash alone', () => {
    // 1/8" = 1'-0": a 6" wall is 4.5 pt wide; a 9" stub returns from it; 4 pt dashes of a 4.5 pt limit line.
    const wall = stroke(100, 100, 300, 100, 4.5);
    const stub = stroke(200, 100, 200, 106.75, 4.5);
    const dashes = [0, 1, 2].map((k) => stroke(120 + k * 10, 200, 124 + k * 10, 200, 4.5));
    const pen = stroke(100, 300, 300, 300, 0.7);
    const [wallOut, stubOut, ...rest] = outlinesOfWallStrokes([wall, stub, ...dashes, pen], 1 / 9);
    assert.deepEqual(
      [wallOut, stubOut].map((p) => [p.filled, p.stroked, p.subpaths.length]),
      [
        [true, false, 1],
        [true, false, 1],
      ],
    );
    // The wall's ink: 200 × 4.5 pt from y 97.75 to 102.25.
    assert.deepEqual(
      wallOut.subpaths[0].map((p) => [p.x, p.y]),
      [
        [100, 102.25],
        [300, 102.25],
        [300, 97.75],
        [100, 97.75],
      ],
    );
    assert.deepEqual(rest, [...dashes, pen]);
  });

  it('runs a square-capped stroke on past its ends by half its width', () => {
    const [out] = outlinesOfWallStrokes([{ ...stroke(100, 100, 300, 100, 4.5), lineCap: 2 }], 1 / 9);
    assert.deepEqual(
      out.subpaths[0].map((p) => p.x),
      [97.75, 302.25, 302.25, 97.75],
    );
  });
});

describe('AutoCAD SHX text comments', () => {
  // PDF space to page points on a 612 pt tall page: y turned down.
  const toPage = ([x0, y0, x1, y1]: number[]) => [x0, 612 - y0, x1, 612 - y1];
  const shx = (contents: string, rect: number[], title = 'AutoCAD SHX Text') => ({
    subtype: 'Square',
    rect,
    titleObj: { str: title },
    contentsObj: { str: contents },
  });

  it('asks for a page’s comments only in a file that may hold SHX text (a link makes pdf.js read all the page’s text)', () => {
    const pdf = (body: string) => new Uint8Array(Buffer.from(`%PDF-1.7\n${body}\n%%EOF`, 'latin1'));
    assert.equal(mayHoldShxComments(pdf('<< /Type /Annot /Subtype /Link /URI (https://example.com) >>')), false);
    assert.equal(mayHoldShxComments(pdf('<< /Subtype /Square /T (AutoCAD SHX Text) >>')), true);
    // The title written as UTF-16 or hex, or hidden in a compressed object stream.
    assert.equal(mayHoldShxComments(pdf('<< /T (\u00fe\u00ff\0A\0u\0t\0o\0C\0A\0D\0 \0S\0H\0X) >>')), true);
    assert.equal(mayHoldShxComments(pdf('<< /T <4175746F434144205348582054657874> >>')), true);
    assert.equal(mayHoldShxComments(pdf('<< /Type /ObjStm /N 40 /First 300 >>')), true);
  });

  it('reads each line of a string, a string up the sheet, and nothing the text layer or a reviewer already wrote', () => {
    const existing = [{ text: 'KITCHEN', x: 300, y: 212, width: 40, height: 8, horizontal: true }];
    const runs = shxTextRuns(
      [
        shx('OFFICE\r101', [100, 400, 140, 420]),
        shx('CLOSET', [200, 300, 208, 340]),
        shx('KITCHEN', [300, 400, 340, 408]),
        shx('Check this', [400, 400, 440, 408], 'Reviewer'),
      ],
      toPage,
      existing,
    );
    assert.deepEqual(
      runs.map((r) => [r.text, r.x, r.y, r.width, r.height, r.horizontal]),
      [
        ['OFFICE', 100, 202, 40, 10, true],
        ['101', 100, 212, 40, 10, true],
        ['CLOSET', 208, 312, 40, 8, false],
      ],
    );
    assert.deepEqual(runs[2].direction, { x: 0, y: -1 });
  });

  it('takes the strokes inside a drawn string’s box for its letters, and nothing that runs out of it', () => {
    const [office] = shxTextRuns([shx('OFFICE', [100, 400, 140, 408])], toPage, []);
    const line = (x1: number, y1: number, x2: number, y2: number) => ({
      subpaths: [
        [
          { x: x1, y: y1 },
          { x: x2, y: y2 },
        ],
      ],
    });
    const letters = letteringPaths(
      [line(101, 205, 106, 211), line(90, 205, 150, 205), line(134, 204, 139, 211)],
      [office, { ...office, drawn: undefined, x: 0 }],
    );
    assert.deepEqual([...letters], [0, 2]);
  });
});
