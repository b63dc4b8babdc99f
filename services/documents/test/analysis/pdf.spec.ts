import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { corpusPath, readTruth } from './corpus';
import { writePdf, type PdfPage } from './pdf-fixture-writer';
import { PLAN_AREAS, planSheet } from './pdf-plan-fixture';
import { CORRIDOR_AREAS, corridorSheet } from './pdf-corridor-fixture';

interface PdfTruth {
  pages: number;
  page_data: Array<{ page: number; text: string }>;
}

/** Every word poppler reads on the page is in the analysis text (order and line breaks may differ). */
function assertHasTruthWords(pageText: string, truthText: string, where: string): void {
  const ours = new Set(pageText.split(/\s+/).filter(Boolean));
  const missing = truthText
    .split(/\s+/)
    .filter(Boolean)
    .filter((word) => !ours.has(word));
  assert.deepEqual(missing, [], `${where}: words poppler reads that the analysis lacks`);
}

describe('PDFs of the real corpus', () => {
  for (const file of ['opentakeoff_va-sample-finish-plan.pdf', 'growroom_dimensions_open_source_growroom.pdf']) {
    it(`reads every page and word of ${file}`, async () => {
      const truth = readTruth<PdfTruth>(file);
      const analysis = await analyzeDocument(corpusPath(file), 'pdf');
      assert.equal(analysis.status, 'analyzed', analysis.error);
      assert.equal(analysis.pages?.length, truth.pages);
      for (const page of truth.page_data) {
        const ours = analysis.pages!.find((p) => p.number === page.page);
        assert.ok(ours, `page ${page.page}`);
        assertHasTruthWords(ours.text, page.text, `page ${page.page}`);
      }
    });
  }

  describe('the VA finish plan', () => {
    let analysis: DocumentAnalysis;
    it('is analysed', async () => {
      analysis = await analyzeDocument(corpusPath('opentakeoff_va-sample-finish-plan.pdf'), 'pdf');
      assert.equal(analysis.status, 'analyzed');
    });

    it('reads the plan’s scale, sheet numbers and titles from the title block', () => {
      const [plan, schedule] = analysis.pages!;
      assert.equal(plan.scale?.note, `1/8" = 1'-0"`);
      assert.equal(plan.sheetNumber, 'AF101');
      assert.equal(plan.title, 'FIRST FLOOR FINISH PLAN');
      assert.equal(schedule.sheetNumber, 'AF600');
      assert.equal(schedule.title, 'MATERIAL AND ROOM FINISH SCHEDULE');
    });

    it('reads the room finish schedule as rows', () => {
      const schedule = analysis.pages![1].schedules?.find((s) => s.title === 'ROOM FINISH SCHEDULE - FIRST FLOOR');
      assert.ok(schedule, 'room finish schedule');
      assert.deepEqual(schedule.columns.slice(0, 4), ['Number', 'NAME', 'FLOOR FINISH', 'BASE FINISH']);
      assert.deepEqual(schedule.rows[0].slice(0, 4), ['133', 'ELECTRICAL ROOM', 'EXIST', 'EXIST']);
      assert.ok(schedule.rows.some((row) => row[0] === '149' && row[1] === 'OFFICE' && row[2] === 'CPT-1'));
    });

    it('measures the plan at its 1/8" scale: the rooms its walls and doors close within 5% of their printed areas', () => {
      assert.deepEqual(analysis.pages![0].scale, { note: `1/8" = 1'-0"`, feetPerPoint: 1 / 9, source: 'scale-note' });
      assert.deepEqual([analysis.pages![0].widthPts, analysis.pages![0].heightPts], [3024, 2160]);
      // Of the nine printed areas, these rooms are closed by walls and doors the sheet draws: the corridor,
      // and the two closets whose tags overflow their walls, with number frames of loose lines straddling
      // them and a tile grid through one; and the elevator lobby, whose "no work" shading's outline crosses
      // it (no wall), divided from the elevator cars at their doorways. The rest are corridor zones or rooms
      // whose boundary the sheet does not draw (docs/benchmarks.md says which); none of them is given an
      // area that is not measured.
      const printed = analysis.rooms!.filter((r) => r.page === 1 && r.printedAreaSqFt !== undefined);
      const within = printed.filter((r) => Math.abs(r.areaSqFt - r.printedAreaSqFt!) <= r.printedAreaSqFt! * 0.05);
      assert.deepEqual(
        within.map((r) => r.name).sort(),
        ['CONNECTING CORRIDOR T1', 'ELEVATOR LOBBY', 'OXYGEN ROOM 169', 'STORAGE 134A'],
        JSON.stringify(printed.map((r) => [r.name, r.areaSqFt, r.printedAreaSqFt])),
      );
      // The east corridor's zones lie in one space no line divides (the revision clouds drawn across it are no
      // walls): it is divided across the openings between its wall ends, and each part is kept only where it
      // agrees with the area printed in its tag; a zone whose part disagrees is not measured, and says why.
      // A zone closed by lines of its own keeps its area, and a warning where it disagrees with its tag.
      // The name whose number shares a baseline with the 58'-5" dimension is read whole.
      for (const name of ['CORRIDOR CE-2', 'CORRIDOR CE-3', 'CORRIDOR CE-4', 'CORRIDOR CE-5']) {
        const zone = printed.find((r) => r.name === name);
        if (zone)
          assert.ok(
            Math.abs(zone.areaSqFt - zone.printedAreaSqFt!) <= zone.printedAreaSqFt! * 0.03 ||
              analysis.warnings!.some((w) => w.startsWith(`Page 1: ${name} measures`)),
            name,
          );
        else
          assert.ok(
            analysis.warnings!.some((w) => w.startsWith(`Page 1: ${name} is part of a space shared with other names`)),
            `${name}: ${analysis.warnings!.join('\n')}`,
          );
      }
      assert.ok(
        analysis.warnings!.some((w) =>
          /^Page 1: CORRIDOR CE-\d, CORRIDOR CE-\d and CORRIDOR CE-\d lie in one enclosed space \([\d,.]+ sq ft\) with no boundary drawn between them: it is divided between them/.test(
            w,
          ),
        ),
        analysis.warnings!.join('\n'),
      );
      // Every room found has an outline on the page whose area at the scale is its area.
      for (const room of analysis.rooms!.filter((r) => r.page === 1)) {
        assert.ok(
          room.outline!.every(([x, y]) => x >= 0 && x <= 3024 && y >= 0 && y <= 2160),
          room.name,
        );
      }
      // A room whose measured area disagrees with its tag says so.
      const off = printed.find((r) => Math.abs(r.areaSqFt - r.printedAreaSqFt!) > r.printedAreaSqFt! * 0.03)!;
      assert.ok(analysis.warnings!.some((w) => w.includes(off.name) && /printed in its tag/.test(w)));
      assert.ok(analysis.symbols!.find((s) => s.page === 1 && s.name === 'door')!.count >= 30);
    });

    it('takes the corridor areas written on the plan as quantities', () => {
      const corridor = analysis.quantities.find((q) => q.quantity === 557);
      assert.ok(corridor);
      assert.equal(corridor.unit, 'sq ft');
      assert.match(corridor.description, /^557 SF — .*CORRIDOR/);
      assert.deepEqual(corridor.source, { page: 1, sheet: 'AF101' });
    });
  });
});

describe('PDF text, scales and quantities', () => {
  it('reads scale notes and quantities written in specs and notes', async () => {
    const pdf = writePdf([
      [
        { text: 'FLOOR PLAN', x: 72, y: 700, size: 16 },
        { text: `SCALE: 1/4" = 1'-0"`, x: 72, y: 680 },
        { text: 'Provide 120 LF of rubber base at corridor walls.', x: 72, y: 640 },
        { text: 'Carpet tile: 2,400 SF', x: 72, y: 620 },
      ],
      [
        { text: 'SITE PLAN 1:100', x: 72, y: 700 },
        { text: 'Excavate 15 CY for footings', x: 72, y: 660 },
      ],
    ]);
    const analysis = await analyzeDocument(pdf, 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.pages?.length, 2);
    assert.equal(analysis.pages![0].scale?.note, `1/4" = 1'-0"`);
    assert.equal(analysis.pages![1].scale?.note, '1:100');
    assert.deepEqual(
      analysis.quantities.map((q) => [q.quantity, q.unit, q.source.page]),
      [
        [120, 'ft', 1],
        [2400, 'sq ft', 1],
        [15, 'cu yd', 2],
      ],
    );
    assert.match(analysis.quantities[0].description, /rubber base/);
  });

  it('fails a truncated or corrupt PDF with a reason', async () => {
    const whole = writePdf([[{ text: 'Hello', x: 72, y: 700 }]]);
    const cut = await analyzeDocument(whole.subarray(0, 40), 'pdf');
    assert.equal(cut.status, 'failed');
    assert.match(cut.error!, /corrupt or truncated/);
    const notPdf = await analyzeDocument(Buffer.from('GIF89a not a pdf'), 'pdf');
    assert.equal(notPdf.status, 'failed');
    assert.match(notPdf.error!, /not a PDF/);
  });
});

/** The generated plan sheets read as one PDF of letter-landscape pages. */
const analyzeSheets = (sheets: ReadonlyArray<{ page: PdfPage }>) =>
  analyzeDocument(
    writePdf(
      sheets.map((s) => s.page),
      792,
      612,
    ),
    'pdf',
  );

describe('PDF plan takeoff: vector sheets at known scales', () => {
  const quarterInch = planSheet({ feetPerPoint: 1 / 18, note: `1/4" = 1'-0"`, printedAreas: true, fixtureTags: true });
  const metric = planSheet({ feetPerPoint: 50 / 864, note: '1:50', roomOutlines: true, layers: true });
  const unscaled = planSheet({ feetPerPoint: 1 / 18, note: 'NTS' });
  const eighthInch = planSheet({ feetPerPoint: 1 / 9, note: `1/8" = 1'-0"`, arcsAsLines: true });
  const pdf = writePdf(
    [quarterInch.page, metric.page, unscaled.page, { lines: [], scan: true }, eighthInch.page],
    792,
    612,
    ['A-WALL', 'A-DOOR', 'E-LITE', 'A-AREA'],
  );
  let analysis: DocumentAnalysis;

  it('is analysed, every page with its size in points', async () => {
    analysis = await analyzeDocument(pdf, 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.deepEqual(
      analysis.pages!.map((p) => [p.number, p.widthPts, p.heightPts]),
      [
        [1, 792, 612],
        [2, 792, 612],
        [3, 792, 612],
        [4, 792, 612],
        [5, 792, 612],
      ],
    );
  });

  it('reads each sheet’s scale exactly from its note, and none for NTS', () => {
    assert.deepEqual(analysis.pages![0].scale, { note: `1/4" = 1'-0"`, feetPerPoint: 1 / 18, source: 'scale-note' });
    assert.deepEqual(analysis.pages![1].scale, { note: '1:50', feetPerPoint: 50 / 864, source: 'scale-note' });
    assert.equal(analysis.pages![2].scale, null);
    assert.deepEqual(analysis.pages![4].scale, { note: `1/8" = 1'-0"`, feetPerPoint: 1 / 9, source: 'scale-note' });
  });

  for (const [page, source] of [
    [1, 'wall-linework'],
    [2, 'room-outline'],
    [5, 'wall-linework'],
  ] as const) {
    it(`measures every room within 1% on page ${page} (${source}), L-shaped included, outline × scale² = area`, () => {
      const rooms = analysis.rooms!.filter((r) => r.page === page);
      assert.deepEqual(rooms.map((r) => r.name).sort(), Object.keys(PLAN_AREAS).sort());
      const fpp = analysis.pages![page - 1].scale!.feetPerPoint;
      for (const room of rooms) {
        const truth = PLAN_AREAS[room.name];
        assert.ok(
          Math.abs(room.areaSqFt - truth) <= truth * 0.01,
          `${room.name}: ${room.areaSqFt} sq ft, truly ${truth}`,
        );
        assert.equal(room.source, source);
        const outline = room.outline!.map(([x, y]) => ({ x, y }));
        let twice = 0;
        for (let i = 0, j = outline.length - 1; i < outline.length; j = i++)
          twice += outline[j].x * outline[i].y - outline[i].x * outline[j].y;
        assert.ok(Math.abs((Math.abs(twice) / 2) * fpp * fpp - room.areaSqFt) < 0.01, `${room.name} outline area`);
        // Page points, origin top-left: the outline lies on the page.
        assert.ok(outline.every((p) => p.x >= 0 && p.x <= 792 && p.y >= 0 && p.y <= 612));
      }
    });
  }

  it('reads the printed areas of the room tags (SF and m2) and takes the measured area from the geometry', () => {
    const rooms = analysis.rooms!.filter((r) => r.page === 1);
    const byName = Object.fromEntries(rooms.map((r) => [r.name, r]));
    assert.equal(byName.OFFICE.printedAreaSqFt, 120);
    assert.equal(byName['CORRIDOR C-1'].printedAreaSqFt, 98);
    assert.ok(Math.abs(byName.CLOSET.printedAreaSqFt! - 1.14 * 10.7639) < 0.01);
    assert.equal(byName['BEDROOM 2'].printedAreaSqFt, undefined);
    // 1.14 m2 is 12.27 sq ft against 12.25 measured: within 3%, no warning; nothing else disagrees either.
    assert.deepEqual(
      analysis.warnings!.filter((w) => /printed in its tag/.test(w)),
      [],
    );
  });

  it('totals the wall linework by stroke style, and by the PDF’s own layers where it has them', () => {
    const walls = analysis.layers!.find((l) => l.page === 1 && l.name === 'stroke #000000 0.70 pt');
    assert.ok(walls, JSON.stringify(analysis.layers!.filter((l) => l.page === 1).map((l) => l.name)));
    assert.ok(
      Math.abs(walls.lengthFt - quarterInch.wallLengthFt) < 0.05,
      `${walls.lengthFt} vs ${quarterInch.wallLengthFt}`,
    );
    const layered = analysis.layers!.find((l) => l.page === 2 && l.name === 'A-WALL');
    assert.ok(layered);
    assert.ok(Math.abs(layered.lengthFt - metric.wallLengthFt) < 0.05, `${layered.lengthFt} vs ${metric.wallLengthFt}`);
    // Nothing in real units on the plan without a scale, and a warning asking for a calibration.
    assert.ok(analysis.warnings!.some((w) => /^Page 3 has no scale .*calibrate the scale/.test(w)));
    assert.equal(analysis.layers!.filter((l) => l.page === 3).length, 0);
    assert.equal(analysis.rooms!.filter((r) => r.page === 3).length, 0);
  });

  it('measures the walls each once: round the measured rooms without wall layers, on the A-WALL layer with them', () => {
    // The plan's room faces with lines under them (door openings left out): office 41, bedroom 38.5, closet
    // 11.5, corridor 51 = 142 ft. Where two rooms' faces run 6" apart they are one wall: office–bedroom 10,
    // office–corridor 9, bedroom–corridor 5, bedroom–closet 3.5 + 1, closet–corridor 3.5 = 32, so 110 ft.
    for (const page of [1, 5]) {
      const walls = analysis.layers!.find((l) => l.page === page && l.name === 'walls round the measured spaces');
      assert.ok(walls, `page ${page}: ${JSON.stringify(analysis.layers!.filter((l) => l.page === page))}`);
      assert.ok(Math.abs(walls.lengthFt - 142) < 0.05, `page ${page}: ${walls.lengthFt} ft of faces`);
      assert.ok(Math.abs(walls.wallLengthFt! - 110) < 0.05, `page ${page}: ${walls.wallLengthFt} ft of walls`);
      // The pens themselves keep their drawn lengths only.
      assert.ok(analysis.layers!.filter((l) => l.page === page && l !== walls).every((l) => !l.wallLengthFt));
      // The lines measured, in page points, for the viewer to draw: together the 142 ft of faces.
      const feetPerPoint = analysis.pages![page - 1].scale!.feetPerPoint;
      const drawn = walls.wallLines!.reduce((sum, [a, b]) => sum + Math.hypot(b[0] - a[0], b[1] - a[1]), 0);
      assert.ok(Math.abs(drawn * feetPerPoint - 142) < 0.1, `page ${page}: ${drawn * feetPerPoint} ft of lines`);
    }
    // A PDF with a wall layer: that layer's walls, outer face and jambs included, as for a DXF wall layer.
    const layered = analysis.layers!.find((l) => l.page === 2 && l.name === 'A-WALL')!;
    assert.ok(layered.wallLengthFt! > 110 && layered.wallLengthFt! < layered.lengthFt * 0.6, JSON.stringify(layered));
    const layerLines = layered.wallLines!.reduce((sum, [a, b]) => sum + Math.hypot(b[0] - a[0], b[1] - a[1]), 0);
    const layerFeet = layerLines * analysis.pages![1].scale!.feetPerPoint;
    assert.ok(Math.abs(layerFeet - layered.lengthFt) < 0.1, `${layerFeet} ft of lines, ${layered.lengthFt} ft drawn`);
    assert.ok(!analysis.layers!.some((l) => l.page === 2 && l.name === 'walls round the measured spaces'));
  });

  it('counts the doors and the repeated light fixture exactly, rotated and mirrored, with their positions', () => {
    // Page 5 draws its door swings as separate short lines, each twice.
    for (const page of [1, 2, 3, 5]) {
      const symbols = analysis.symbols!.filter((s) => s.page === page);
      const doors = symbols.find((s) => s.name === 'door');
      assert.equal(doors?.count, quarterInch.doorCount, `page ${page} doors`);
      assert.equal(doors.at.length, doors.count);
      const others = symbols.filter((s) => s.name !== 'door');
      assert.deepEqual(
        others.map((s) => s.count),
        [quarterInch.fixtureCount],
        `page ${page}: ${JSON.stringify(others)}`,
      );
    }
  });

  it('names a symbol from the tag written beside each of its instances, and numbers the untagged', () => {
    assert.deepEqual(
      analysis.symbols!.filter((s) => s.name !== 'door' && (s.page === 1 || s.page === 2)).map((s) => [s.page, s.name]),
      [
        [1, 'L1'],
        [2, 'symbol 1'],
      ],
    );
  });

  it('flags the scanned page as raster, with a warning to calibrate and measure by hand', () => {
    assert.equal(analysis.pages![3].raster, true);
    assert.equal(analysis.pages![0].raster, undefined);
    assert.ok(
      analysis.warnings!.some((w) => /Page 4 is a scanned image.*Calibrate the scale and measure by hand/.test(w)),
    );
  });

  it('takes the scale from the dimensions where there is no note, and warns where the note disagrees with them', async () => {
    const noNote = planSheet({ feetPerPoint: 1 / 18, dimensions: true });
    const wrongNote = planSheet({ feetPerPoint: 1 / 9, note: `1/4" = 1'-0"`, dimensions: true });
    const dimensioned = await analyzeDocument(writePdf([noNote.page, wrongNote.page], 792, 612), 'pdf');
    const [first, second] = dimensioned.pages!;
    assert.equal(first.scale?.source, 'dimensions');
    assert.ok(Math.abs(first.scale!.feetPerPoint * 18 - 1) < 0.001, `${first.scale!.feetPerPoint}`);
    const office = dimensioned.rooms!.find((r) => r.page === 1 && r.name === 'OFFICE')!;
    assert.ok(Math.abs(office.areaSqFt - 120) <= 1.2, `${office.areaSqFt}`);
    assert.deepEqual(second.scale, { note: `1/4" = 1'-0"`, feetPerPoint: 1 / 18, source: 'scale-note' });
    assert.ok(
      dimensioned.warnings!.some((w) => /^Page 2: the dimensions .* do not match its scale note 1\/4" = 1'-0"/.test(w)),
      JSON.stringify(dimensioned.warnings),
    );
    assert.ok(!dimensioned.warnings!.some((w) => /^Page 1: the dimensions/.test(w)));
  });

  it('takes the scale from overall dimensions drawn as AutoCAD draws them, a level one and an upright one', async () => {
    // Strings centred in lines broken round them, the lines stopping at arrowheads; strings over lines that run
    // past their extension lines: either pair, one level and one upright, gives the scale, with a warning.
    const sheets = [
      planSheet({ feetPerPoint: 1 / 18, overall: { style: 'arrows' } }),
      planSheet({ feetPerPoint: 1 / 18, overall: { style: 'ticks' } }),
    ];
    const read = await analyzeSheets(sheets);
    for (const page of [1, 2]) {
      const { scale } = read.pages![page - 1];
      assert.equal(scale?.source, 'dimensions', `page ${page}`);
      assert.ok(Math.abs(scale!.feetPerPoint * 18 - 1) < 0.002, `page ${page}: ${scale!.feetPerPoint}`);
      const office = read.rooms!.find((r) => r.page === page && r.name === 'OFFICE')!;
      assert.ok(Math.abs(office.areaSqFt / 120 - 1) < 0.01, `page ${page}: ${office.areaSqFt}`);
      // The sheet's straight quotes read as typographic ones.
      const warning = new RegExp(
        `^Page ${page} has no scale note: its scale is read from two dimension strings alone \\(25.-6" and 15.-6"\\)\\. Check it`,
      );
      assert.ok(
        read.warnings!.some((w) => warning.test(w)),
        JSON.stringify(read.warnings),
      );
    }
  });

  it('takes the scale from overall dimensions written in metres with a decimal comma, as European plans write them', async () => {
    // 25'-6" is 7.77 m and 15'-6" 4.72 m: read as metres, they give the sheet's 1/4" scale within 0.1%.
    const read = await analyzeSheets([
      planSheet({ feetPerPoint: 1 / 18, overall: { style: 'arrows', width: '7,77', depth: '4,72' } }),
    ]);
    const { scale } = read.pages![0];
    assert.equal(scale?.source, 'dimensions', JSON.stringify(read.warnings));
    assert.ok(Math.abs(scale!.feetPerPoint * 18 - 1) < 0.002, `${scale!.feetPerPoint}`);
    const office = read.rooms!.find((r) => r.name === 'OFFICE')!;
    assert.ok(Math.abs(office.areaSqFt / 120 - 1) < 0.01, `${office.areaSqFt}`);
    assert.ok(read.warnings!.some((w) => /read from two dimension strings alone \(7,77 and 4,72\)/.test(w)));
  });

  it('takes no scale from one overall dimension, nor from two that disagree', async () => {
    const sheets = [
      planSheet({ feetPerPoint: 1 / 18, overall: { style: 'arrows', upright: false } }),
      planSheet({ feetPerPoint: 1 / 18, overall: { style: 'ticks', depth: `14'-0"` } }),
    ];
    const read = await analyzeSheets(sheets);
    assert.deepEqual(
      read.pages!.map((p) => p.scale),
      [null, null],
    );
    assert.equal(read.rooms, undefined);
  });

  it('checks a metric note against dimensions written in bare millimetres or centimetres, and reads "SCALE: 1/50"', async () => {
    const fifty = 50 / 864;
    const sheets = [
      planSheet({ feetPerPoint: fifty, note: '1:50', dimensions: 'mm' }),
      planSheet({ feetPerPoint: fifty, note: '1/50', dimensions: 'cm' }),
      planSheet({ feetPerPoint: fifty, note: '1:100', dimensions: 'mm' }),
    ];
    const read = await analyzeSheets(sheets);
    assert.deepEqual(
      read.pages!.map((p) => p.scale?.note),
      ['1:50', '1:50', '1:100'],
    );
    const disagreeing = read.warnings!.filter((w) => /the dimensions .* do not match its scale note/.test(w));
    assert.deepEqual(
      disagreeing.map((w) => w.slice(0, 7)),
      ['Page 3:'],
      JSON.stringify(read.warnings),
    );
    assert.match(disagreeing[0], /scale note 1:100: measured at that scale, their dimension lines come to 100% more/);
  });

  it('reads a note of a sheet printed to fit its paper (1:79.90), and no proportion (1:2.5) as a scale', async () => {
    const fitted = planSheet({ feetPerPoint: 79.9 / 864, dimensions: 'mm' }).page;
    const read = await analyzeDocument(
      writePdf(
        [
          { ...fitted, lines: [...fitted.lines, { text: 'FLOOR PLAN 1:79.90', x: 60, y: 26, size: 8 }] },
          { ...fitted, lines: [...fitted.lines, { text: 'TILE ASPECT 1:2.5', x: 60, y: 26, size: 8 }] },
        ],
        792,
        612,
      ),
      'pdf',
    );
    assert.deepEqual(read.pages![0].scale, { note: '1:79.90', feetPerPoint: 79.9 / 864, source: 'scale-note' });
    const office = read.rooms!.find((r) => r.page === 1 && r.name === 'OFFICE')!;
    assert.ok(Math.abs(office.areaSqFt - 120) <= 1.2, `${office.areaSqFt}`);
    assert.notEqual(read.pages![1].scale?.note, '1:2.5');
    assert.ok(!read.warnings!.some((w) => /do not match its scale note/.test(w)), JSON.stringify(read.warnings));
  });

  it('tells the user to calibrate a dimensioned plan with no scale, doors or none, and says nothing of a schedule', async () => {
    // Walls with their openings as plain gaps (no swings drawn), dimensioned in millimetres on dimension lines,
    // no scale note.
    const walls = 'q 0.7 w 0 0 0 RG 100 100 m 100 500 l 300 500 l S 340 500 m 700 500 l 700 100 l 100 100 l S Q';
    const figures = ['13170', '6650', '4100', '3850', '2400'].map((text, i) => ({
      text,
      x: 120 + i * 110,
      y: 80,
      size: 8,
    }));
    const dimensionLines = `q 0.25 w 0 0 0 RG ${figures.map((f) => `${f.x - 20} 78 m ${f.x + 42} 78 l S`).join(' ')} Q`;
    // A finish schedule: colour numbers and sizes in its rows, on no dimension line.
    const schedule = ['1408', '1304', '51839', '0100', '7911', `12" x 12"`].map((text, i) => ({
      text,
      x: 300,
      y: 500 - i * 14,
      size: 8,
    }));
    const read = await analyzeDocument(
      writePdf(
        [
          { graphics: `${walls}\n${dimensionLines}`, lines: [...figures, { text: 'OFFICE', x: 380, y: 300, size: 9 }] },
          { graphics: '', lines: [{ text: 'FINISH SCHEDULE', x: 60, y: 540, size: 9 }, ...schedule] },
        ],
        792,
        612,
      ),
      'pdf',
    );
    assert.deepEqual(
      read.warnings!.filter((w) => /no scale/.test(w)),
      ['Page 1 has no scale (not to scale, or no scale note): calibrate the scale to measure rooms and lengths on it.'],
    );
  });

  it('takes no note to be off for a few bare figures that agree by chance (one wall thickness written at each wall)', async () => {
    const sheet = planSheet({ feetPerPoint: 50 / 864, note: '1:50', dimensions: 'mm' }).page;
    // "140" over four lines of one length that is not 140 mm at 1:50, below the plan.
    const strays = [100, 200, 300, 400].map((x) => ({ text: '140', x, y: 62, size: 8 }));
    const graphics = `${sheet.graphics}\nq 0.25 w 0 0 0 RG ${[100, 200, 300, 400].map((x) => `${x - 5} 60 m ${x + 20} 60 l S`).join(' ')} Q`;
    const read = await analyzeDocument(
      writePdf([{ ...sheet, lines: [...sheet.lines, ...strays], graphics }], 792, 612),
      'pdf',
    );
    assert.ok(!read.warnings!.some((w) => /do not match its scale note/.test(w)), JSON.stringify(read.warnings));
  });

  it('measures only what a clipping region (a CAD viewport) lets show', async () => {
    const clipped = await analyzeDocument(
      writePdf(
        [
          {
            // A 350 pt line, of which the viewport 100..300 shows 200 pt; a second line lies wholly outside it.
            graphics: 'q 100 100 200 200 re W n 0.7 w 0 0 0 RG 50 150 m 400 150 l S 20 20 m 80 20 l S Q',
            lines: [{ text: `SCALE: 1/4" = 1'-0"`, x: 60, y: 40, size: 8 }],
          },
        ],
        792,
        612,
      ),
      'pdf',
    );
    const walls = clipped.layers!.find((l) => l.name === 'stroke #000000 0.70 pt')!;
    assert.ok(Math.abs(walls.lengthFt - 200 / 18) < 0.01, `${walls.lengthFt}`);
    assert.equal(walls.entityCount, 1);
  });

  it('warns when a sheet holds drawings at several scales', async () => {
    const sheet = planSheet({ feetPerPoint: 1 / 18, note: `1/4" = 1'-0"` });
    sheet.page.lines.push({ text: `DETAIL 3   SCALE: 1 1/2" = 1'-0"`, x: 600, y: 40, size: 8 });
    const several = await analyzeDocument(writePdf([sheet.page], 792, 612), 'pdf');
    const warning = several.warnings!.find((w) => /^Page 1 has drawings at several scales/.test(w));
    assert.ok(warning, JSON.stringify(several.warnings));
    assert.ok(warning.includes(`1/4" = 1'-0"`) && warning.includes(`1 1/2" = 1'-0"`));
    assert.ok(warning.includes(`its quantities use ${several.pages![0].scale!.note}`));
  });

  it('names a symbol from the sheet’s legend, and leaves the legend’s sample out of its count', async () => {
    const sheet = planSheet({ feetPerPoint: 1 / 18, note: `1/4" = 1'-0"`, legend: true });
    const legended = await analyzeDocument(writePdf([sheet.page], 792, 612), 'pdf');
    const symbols = legended.symbols!.filter((s) => s.name !== 'door');
    assert.deepEqual(
      symbols.map((s) => [s.name, s.count]),
      [['RECESSED DOWNLIGHT', sheet.fixtureCount]],
    );
    // Every position counted is in the plan (the legend is right of it, past x = 31').
    assert.ok(
      symbols[0].at.every(([x]) => x < 60 + 30 * 18),
      JSON.stringify(symbols[0].at),
    );
  });

  it('measures each drawing of a sheet at the scale noted under it', async () => {
    const { pdf: sheet, plan } = twoScaleSheet();
    const several = await analyzeDocument(sheet, 'pdf');
    assert.equal(several.status, 'analyzed', several.error);
    const [page] = several.pages!;
    assert.deepEqual(page.scale, { note: `1/2" = 1'-0"`, feetPerPoint: 1 / 36, source: 'scale-note' });
    const truth: Record<string, number> = {
      ...PLAN_AREAS,
      LAB: PLAN_AREAS.OFFICE,
      'BEDROOM 3': PLAN_AREAS['BEDROOM 2'],
      STORE: PLAN_AREAS.CLOSET,
      'CORRIDOR C-2': PLAN_AREAS['CORRIDOR C-1'],
    };
    const found = JSON.stringify(several.rooms!.map((r) => [r.name, r.areaSqFt, r.scale?.note]));
    assert.deepEqual(several.rooms!.map((r) => r.name).sort(), Object.keys(truth).sort(), found);
    for (const room of several.rooms!) {
      assert.ok(Math.abs(room.areaSqFt - truth[room.name]) <= truth[room.name] * 0.01, found);
      // The page's own drawing needs no scale of its own; the other one says its scale, and its outline's area
      // at that scale is its area.
      const feetPerPoint = room.scale?.feetPerPoint ?? page.scale!.feetPerPoint;
      assert.equal(
        room.scale?.note,
        ['LAB', 'BEDROOM 3', 'STORE', 'CORRIDOR C-2'].includes(room.name) ? undefined : `1/4" = 1'-0"`,
      );
      const [xs, ys] = [room.outline!.map((p) => p[0]), room.outline!.map((p) => p[1])];
      const shoelace =
        Math.abs(xs.reduce((sum, x, i) => sum + x * ys[(i + 1) % xs.length] - xs[(i + 1) % xs.length] * ys[i], 0)) / 2;
      assert.ok(
        Math.abs(shoelace * feetPerPoint ** 2 - room.areaSqFt) < 0.05,
        `${room.name}: ${shoelace * feetPerPoint ** 2}`,
      );
    }
    // Each drawing's scale and box, for what the user measures by hand inside it.
    const boxOf = (name: string) => {
      const outline = several.rooms!.find((r) => r.name === name)!.outline!;
      return page.drawings!.filter(({ box: [x0, y0, x1, y1] }) =>
        outline.every(([x, y]) => x >= x0 && x <= x1 && y >= y0 && y <= y1),
      );
    };
    assert.deepEqual(
      boxOf('OFFICE').map((d) => d.note),
      [`1/4" = 1'-0"`],
    );
    assert.deepEqual(
      boxOf('LAB').map((d) => d.note),
      [`1/2" = 1'-0"`],
    );
    // Both plans' doors, and both plans' walls at their real lengths.
    assert.equal(several.symbols!.find((s) => s.name === 'door')!.count, 2 * plan.doorCount);
    const walls = several.layers!.find((l) => l.name === 'walls round the measured spaces')!;
    assert.ok(Math.abs(walls.wallLengthFt! - 2 * 110) < 0.1, JSON.stringify(walls.wallLengthFt));
    const warning = several.warnings!.find((w) => /^Page 1 has drawings at several scales/.test(w));
    assert.ok(warning?.includes('each is measured at the scale noted under it'), JSON.stringify(several.warnings));
    // The smaller plan's dimension strings agree with its own note, not the page's: no mismatch to report.
    assert.ok(!several.warnings!.some((w) => /do not match its scale note/.test(w)), JSON.stringify(several.warnings));
  });

  it('corrects every drawing of a sheet of several scales by a calibration measured in one of them', async () => {
    // The same sheet printed at 80%: its notes still say 1/4" and 1/2"; the user calibrates on LAB's 12' wall.
    const shrink = 0.8;
    const { pdf: sheet, enlargedAt } = twoScaleSheet(shrink);
    const line = { from: enlargedAt([0.5, 0.5]), to: enlargedAt([12.5, 0.5]) };
    const points = Math.hypot(line.to[0] - line.from[0], line.to[1] - line.from[1]);
    const at = { setBy: 'user-1', setAt: '2026-11-28T10:00:00Z' };
    const calibrated = await analyzeDocument(sheet, 'pdf', {
      pageScales: { 1: { feetPerPoint: 12 / points, line, ...at } },
    });
    const [page] = calibrated.pages!;
    assert.equal(page.scale?.source, 'calibration');
    assert.ok(Math.abs(page.scale!.feetPerPoint / (1 / 36 / shrink) - 1) < 1e-6, JSON.stringify(page.scale));
    const found = JSON.stringify(calibrated.rooms!.map((r) => [r.name, r.areaSqFt, r.scale]));
    assert.equal(calibrated.rooms!.length, 8, found);
    for (const room of calibrated.rooms!) {
      const truth = PLAN_AREAS[room.name] ?? PLAN_AREAS[ENLARGED_NAMES[room.name]];
      assert.ok(Math.abs(room.areaSqFt - truth) <= truth * 0.01, found);
    }
    // The plan's rooms are at its own note's scale, corrected alike.
    const office = calibrated.rooms!.find((r) => r.name === 'OFFICE')!;
    assert.equal(office.scale?.note, `1/4" = 1'-0"`);
    assert.ok(Math.abs(office.scale!.feetPerPoint / (1 / 18 / shrink) - 1) < 1e-6);
    // What the user measures by hand inside either drawing is at that drawing's corrected scale.
    const drawings = page.drawings!.map((d) => [d.note, Math.round((d.feetPerPoint * shrink) ** -1)]);
    assert.deepEqual([...new Set(drawings.map(String))].sort(), [`1/2" = 1'-0",36`, `1/4" = 1'-0",18`]);
    assert.ok(calibrated.warnings!.some((w) => /corrected by the page's calibration \(lengths × 1\.25\)/.test(w)));

    // A calibration stored without its line (before lines were kept) holds for the whole page, as it did.
    const whole = await analyzeDocument(sheet, 'pdf', { pageScales: { 1: { feetPerPoint: 12 / points, ...at } } });
    assert.equal(whole.pages![0].drawings, undefined);
    assert.ok(whole.rooms!.every((r) => r.scale === undefined));
  });

  it('uses a calibrated scale instead of the note, and every quantity follows it', async () => {
    const calibrated = await analyzeDocument(pdf, 'pdf', {
      pageScales: { 1: { feetPerPoint: 1.5 / 18, setBy: 'user-1', setAt: '2026-11-25T10:00:00Z' } },
    });
    assert.deepEqual(calibrated.pages![0].scale, {
      note: `1/4" = 1'-0"`,
      feetPerPoint: 1.5 / 18,
      source: 'calibration',
    });
    const office = calibrated.rooms!.find((r) => r.page === 1 && r.name === 'OFFICE')!;
    assert.ok(Math.abs(office.areaSqFt - 270) < 270 * 0.01, `${office.areaSqFt}`);
    const unscaledNow = await analyzeDocument(pdf, 'pdf', {
      pageScales: { 3: { feetPerPoint: 1 / 18, setBy: 'user-1', setAt: '2026-11-25T10:00:00Z' } },
    });
    assert.equal(unscaledNow.pages![2].scale?.source, 'calibration');
    assert.equal(unscaledNow.rooms!.filter((r) => r.page === 3).length, 4);
  });
});

describe('PDF plan takeoff: dimensions over a corridor, and zones of one space', () => {
  let analysis: DocumentAnalysis;
  const kinds = ['dimensioned', 'zones', 'doubleDoors', 'uprightDimension', 'metricDimensions'] as const;
  it('is analysed', async () => {
    analysis = await analyzeDocument(writePdf(kinds.map(corridorSheet), 792, 612), 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
  });

  it('leaves a dimension line and its ticks out of the walls, and reads a tag whose number shares a baseline with the dimension', () => {
    const rooms = analysis.rooms!.filter((r) => r.page === 1);
    const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(
      rooms.map((r) => r.name),
      Object.keys(CORRIDOR_AREAS.dimensioned),
      found,
    );
    assert.ok(Math.abs(rooms[0].areaSqFt - 240) <= 2.4, found);
    assert.equal(rooms[0].printedAreaSqFt, 240);
  });

  it('divides a space holding two names across the opening between its wall ends', () => {
    const rooms = analysis.rooms!.filter((r) => r.page === 2);
    const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(rooms.map((r) => r.name).sort(), Object.keys(CORRIDOR_AREAS.zones).sort(), found);
    for (const room of rooms) {
      const truth = CORRIDOR_AREAS.zones[room.name as keyof typeof CORRIDOR_AREAS.zones];
      assert.ok(Math.abs(room.areaSqFt - truth) <= truth * 0.01, found);
    }
    // Said, since the division is the analysis's and not the drawing's.
    assert.ok(
      analysis.warnings!.some((w) =>
        /^Page 2: CORRIDOR C-1 and CORRIDOR C-2 lie in one enclosed space \(324 sq ft\) .*divided between them across the openings/.test(
          w,
        ),
      ),
      analysis.warnings!.join('\n'),
    );
  });

  it('closes a pair of doors held open flat against the wall, swings drawn solid then dashed, across the gap between their leaves', () => {
    const rooms = analysis.rooms!.filter((r) => r.page === 3);
    const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(
      rooms.map((r) => r.name),
      Object.keys(CORRIDOR_AREAS.doubleDoors),
      found,
    );
    assert.ok(Math.abs(rooms[0].areaSqFt - 196) <= 1.96, found);
    // One door per leaf, not one per piece of its swing.
    assert.equal(analysis.symbols!.find((s) => s.page === 3 && s.name === 'door')?.count, 2);
    assert.ok(!analysis.warnings!.some((w) => w.startsWith('Page 3:')), analysis.warnings!.join('\n'));
  });

  it('leaves a plumb dimension line out of the walls, its string written upright beside it', () => {
    const rooms = analysis.rooms!.filter((r) => r.page === 4);
    const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(
      rooms.map((r) => r.name),
      Object.keys(CORRIDOR_AREAS.uprightDimension),
      found,
    );
    assert.ok(Math.abs(rooms[0].areaSqFt - 320) <= 3.2, found);
  });

  it('leaves dimension lines written in millimetres out of the walls, with a thousands comma or bare, a chain’s figures on one baseline too', () => {
    const rooms = analysis.rooms!.filter((r) => r.page === 5);
    const found = JSON.stringify(rooms.map((r) => [r.name, r.areaSqFt]));
    assert.deepEqual(
      rooms.map((r) => r.name),
      Object.keys(CORRIDOR_AREAS.metricDimensions),
      found,
    );
    assert.ok(Math.abs(rooms[0].areaSqFt - 320) <= 3.2, found);
    assert.ok(!analysis.warnings!.some((w) => w.startsWith('Page 5:')), analysis.warnings!.join('\n'));
  });
});

/** The enlarged plan's rooms, renamed from the plan's. */
const ENLARGED_NAMES: Record<string, string> = {
  LAB: 'OFFICE',
  'BEDROOM 3': 'BEDROOM 2',
  STORE: 'CLOSET',
  'CORRIDOR C-2': 'CORRIDOR C-1',
};

/**
 * The plan at 1/4" = 1'-0" and, beside it, the same plan enlarged at 1/2" = 1'-0" (its rooms renamed), each
 * with its title and scale under it; and a general note quoting a third scale, which labels no drawing. `shrink`
 * prints the sheet smaller than its notes say (0.8: at 80%).
 */
function twoScaleSheet(shrink = 1) {
  const width = 1584;
  const height = 1000;
  const renamed = Object.fromEntries(
    Object.entries(ENLARGED_NAMES).map(([enlarged, name]) => [
      name.replace('CORRIDOR ', ''),
      enlarged.replace('CORRIDOR ', ''),
    ]),
  );
  const plan = planSheet({
    feetPerPoint: 1 / 18 / shrink,
    origin: [60, 80],
    width,
    height,
    printedAreas: true,
    dimensions: true,
  });
  const enlargedScale = 1 / 36 / shrink;
  const enlarged = planSheet({ feetPerPoint: enlargedScale, origin: [640, 80], width, height });
  const untitled = (sheet: typeof plan) => sheet.page.lines.filter((l) => l.text !== 'FIRST FLOOR PLAN');
  // Titles under each plan as far below it as at full size (the plans are 15'-6" deep).
  const planTitle = 80 + 15.5 * 18 * shrink + 61;
  const enlargedTitle = 80 + 15.5 * 36 * shrink + 92;
  const lines = [
    ...untitled(plan),
    ...untitled(enlarged).map((l) => ({ ...l, text: renamed[l.text] ?? l.text })),
    { text: '1  FLOOR PLAN', x: 60, y: height - planTitle, size: 10 },
    { text: `SCALE: 1/4" = 1'-0"`, x: 60, y: height - planTitle - 14, size: 8 },
    { text: '2  ENLARGED PLAN', x: 640, y: height - enlargedTitle, size: 10 },
    { text: `SCALE: 1/2" = 1'-0"`, x: 640, y: height - enlargedTitle - 14, size: 8 },
    { text: `NOTE: DETAILS AT 1 1/2" = 1'-0" ON SHEET A-501.`, x: 60, y: 60, size: 8 },
  ];
  const graphics = `${plan.page.graphics}\n${enlarged.page.graphics}`;
  /** A point of the enlarged plan (feet from its top-left corner) in page points, origin top-left. */
  const enlargedAt = ([x, y]: [number, number]): [number, number] => [640 + x / enlargedScale, 80 + y / enlargedScale];
  return { pdf: writePdf([{ lines, graphics, width, height }], width, height), plan, enlargedAt };
}
