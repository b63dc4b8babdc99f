import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPoints, measure, polygonArea, toDecimal, tooFewPoints } from '../src/takeoff/takeoff-geometry';
import { pageScale } from '../src/takeoff/page-scale';

const QUARTER_INCH = 1 / 18; // ft per point: ¼" = 1'-0"
const pdf = (overrides = {}) => ({ filename: 'plan.pdf', filetype: 'pdf' as const, status: 'analyzed', overrides });

describe('measuring a hand takeoff item', () => {
  it('gives 16 SF for a 72 × 72 pt square and 10 LF for 180 pt of polyline at ¼" = 1\'-0"', () => {
    const square: Array<[number, number]> = [
      [0, 0],
      [72, 0],
      [72, 72],
      [0, 72],
    ];
    assert.equal(toDecimal(measure('area', square, QUARTER_INCH)), '16');
    assert.equal(toDecimal(measure('area', [...square].reverse(), QUARTER_INCH)), '16', 'either winding');
    const polyline: Array<[number, number]> = [
      [0, 0],
      [100, 0],
      [100, 80],
    ];
    assert.equal(toDecimal(measure('length', polyline, QUARTER_INCH)), '10');
    assert.equal(measure('count', polyline, QUARTER_INCH), 3);
  });

  it('measures a concave outline by its true area', () => {
    // An L: a 4 × 4 square with a 2 × 2 corner cut out.
    const shape: Array<[number, number]> = [
      [0, 0],
      [4, 0],
      [4, 2],
      [2, 2],
      [2, 4],
      [0, 4],
    ];
    assert.equal(polygonArea(shape), 12);
  });

  it('keeps four decimals without trailing zeros', () => {
    assert.equal(toDecimal(2 / 9), '0.2222');
    assert.equal(toDecimal(12.5), '12.5');
    assert.equal(toDecimal(16.000000000000004), '16');
  });

  it('says what is missing for each kind', () => {
    assert.match(
      tooFewPoints('area', [
        [0, 0],
        [1, 1],
      ]) ?? '',
      /at least 3 points/,
    );
    assert.match(tooFewPoints('length', [[0, 0]]) ?? '', /at least 2 points/);
    assert.match(tooFewPoints('count', []) ?? '', /at least one point/);
    assert.equal(tooFewPoints('count', [[0, 0]]), null);
    assert.ok('error' in checkPoints([[0, Number.NaN]]));
    assert.ok('error' in checkPoints([[0, '1']]));
    assert.deepEqual(checkPoints([[1, 2]]), { points: [[1, 2]] });
  });
});

describe("a page's effective scale", () => {
  const pages = [
    { number: 1, scale: '1/4" = 1\'-0"' },
    { number: 2, scale: { note: '1/8" = 1\'-0"', feetPerPoint: 1 / 9, source: 'scale-note' } },
    { number: 3 },
  ];

  it('has none for a page whose analysis gives the scale note only as text, nor for a page without one', () => {
    assert.deepEqual(pageScale(pdf(), { status: 'analyzed', pages }, 1), { ok: true, scale: { feetPerPoint: null } });
    assert.deepEqual(pageScale(pdf(), { status: 'analyzed', pages }, 3), { ok: true, scale: { feetPerPoint: null } });
  });

  it("takes the analysis's feet per point, and a calibration over it", () => {
    assert.deepEqual(pageScale(pdf(), { status: 'analyzed', pages }, 2), {
      ok: true,
      scale: { feetPerPoint: 1 / 9, source: 'analysis' },
    });
    const calibrated = pdf({ pageScales: { 2: { feetPerPoint: QUARTER_INCH, setBy: 'Ada', setAt: '' } } });
    assert.deepEqual(pageScale(calibrated, { status: 'analyzed', pages }, 2), {
      ok: true,
      scale: { feetPerPoint: QUARTER_INCH, source: 'calibration' },
    });
  });

  it('measures inside a drawing at another scale than the page’s at that drawing’s scale', () => {
    const sheet = [
      {
        number: 1,
        scale: { note: '1/4" = 1\'-0"', feetPerPoint: QUARTER_INCH, source: 'scale-note' },
        drawings: [
          { note: '1/4" = 1\'-0"', feetPerPoint: QUARTER_INCH, box: [0, 0, 500, 500] },
          { note: '1 1/2" = 1\'-0"', feetPerPoint: 1 / 108, box: [600, 0, 900, 300] },
        ],
      },
    ];
    const at = (points: number[][]) => pageScale(pdf(), { status: 'analyzed', pages: sheet }, 1, points);
    assert.deepEqual(
      at([
        [650, 50],
        [800, 250],
      ]),
      { ok: true, scale: { feetPerPoint: 1 / 108, source: 'analysis' } },
    );
    // In the plan, across both drawings or outside them: the page's scale.
    for (const points of [
      [[50, 50]],
      [
        [50, 50],
        [650, 50],
      ],
      [[550, 400]],
    ])
      assert.deepEqual(at(points), { ok: true, scale: { feetPerPoint: QUARTER_INCH, source: 'analysis' } });
    // A calibration is the whole page's until the analysis has applied it to the drawings.
    const calibrated = pdf({ pageScales: { 1: { feetPerPoint: 1 / 9, setBy: 'Ada', setAt: '' } } });
    assert.deepEqual(pageScale(calibrated, { status: 'analyzed', pages: sheet }, 1, [[650, 50]]), {
      ok: true,
      scale: { feetPerPoint: 1 / 9, source: 'calibration' },
    });
    // Applied (the plan calibrated at half its noted scale), each drawing is at its own corrected scale.
    const applied = [
      {
        number: 1,
        scale: { note: '1/4" = 1\'-0"', feetPerPoint: 1 / 9, source: 'calibration' },
        drawings: sheet[0].drawings.map((d) => ({ ...d, feetPerPoint: d.feetPerPoint * 2 })),
      },
    ];
    assert.deepEqual(pageScale(calibrated, { status: 'analyzed', pages: applied }, 1, [[650, 50]]), {
      ok: true,
      scale: { feetPerPoint: 2 / 108, source: 'calibration' },
    });
    assert.deepEqual(pageScale(calibrated, { status: 'analyzed', pages: applied }, 1, [[550, 400]]), {
      ok: true,
      scale: { feetPerPoint: 1 / 9, source: 'calibration' },
    });
  });

  it('uses the drawing units of a DXF on its one page, the user’s choice first', () => {
    const dxf = { filename: 'plan.dxf', filetype: 'dxf' as const, status: 'analyzed', overrides: {} };
    const analysis = { status: 'analyzed', units: { feetPerUnit: 1 / 12 } };
    assert.deepEqual(pageScale(dxf, analysis, 1), {
      ok: true,
      scale: { feetPerPoint: 1 / 12, source: 'drawing-units' },
    });
    const chosen = { ...dxf, overrides: { units: { unit: 'ft' as const, setBy: 'Ada', setAt: '' } } };
    assert.deepEqual(pageScale(chosen, analysis, 1), { ok: true, scale: { feetPerPoint: 1, source: 'drawing-units' } });
    const second = pageScale(dxf, analysis, 2);
    assert.ok(!second.ok && /Page 2 does not exist/.test(second.error));
  });

  it('refuses a page the document does not have, a document still being read, and a file that is not a drawing', () => {
    const missing = pageScale(pdf(), { status: 'analyzed', pages }, 4);
    assert.ok(!missing.ok && missing.error === 'Page 4 does not exist: plan.pdf has 3 pages (1 to 3).');
    const reading = pageScale({ ...pdf(), status: 'processing' }, null, 1);
    assert.ok(!reading.ok && /still being read/.test(reading.error));
    const sheet = pageScale({ filename: 'prices.xlsx', filetype: 'xlsx', status: 'analyzed', overrides: {} }, null, 1);
    assert.ok(!sheet.ok && /measured on PDF, DXF and DWG drawings/.test(sheet.error));
  });
});
