import { describe, expect, it } from 'vitest';
import { calibratedFeetPerPoint, feetPerPoint, takeoffGroups } from './takeoff';
import type { TakeoffItem, ViewerAnalysis } from '@/features/viewer/api/viewer';

const pdf: ViewerAnalysis = {
  status: 'analyzed',
  kind: 'pdf',
  quantities: [],
  pages: [
    {
      number: 1,
      text: '',
      widthPts: 612,
      heightPts: 792,
      scale: { feetPerPoint: 1 / 18, source: 'scale-note', note: '1/4" = 1\'-0"' },
    },
    { number: 2, text: '', widthPts: 612, heightPts: 792, scale: null },
  ],
  rooms: [
    {
      name: 'OFFICE 101',
      layer: 'A-AREA',
      page: 1,
      areaSqFt: 120,
      perimeterFt: 44,
      outline: [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
      source: 'outline',
    },
    {
      name: 'CORRIDOR',
      layer: 'A-AREA',
      page: 1,
      areaSqFt: 80.5,
      perimeterFt: 60,
      outline: [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
      source: 'outline',
    },
    {
      name: 'LOBBY',
      layer: 'A-AREA',
      page: 2,
      areaSqFt: 300,
      perimeterFt: 70,
      outline: [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
      source: 'outline',
    },
  ],
  layers: [{ name: 'A-WALL', page: 1, lengthFt: 210, areaSqFt: 0, entityCount: 40 }],
  symbols: [
    {
      name: 'Door',
      page: 1,
      count: 3,
      at: [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
    },
  ],
};

const item = (overrides: Partial<TakeoffItem>): TakeoffItem => ({
  id: 'i1',
  documentId: 'd1',
  projectId: 'p1',
  page: 1,
  kind: 'length',
  name: 'Base',
  category: null,
  points: [
    [0, 0],
    [180, 0],
  ],
  holes: [],
  quantity: '10.00',
  unit: 'LF',
  createdAt: '',
  updatedAt: '',
  ...overrides,
});

describe('the takeoff beside the sheet', () => {
  it('groups the shown page and totals each group by unit', () => {
    const groups = takeoffGroups('d1', pdf, [item({}), item({ id: 'i2', page: 2 })], 1);
    expect(groups.map((group) => group.title)).toEqual([
      'Rooms',
      'Lengths by layer',
      'Symbol counts',
      'Your measurements',
    ]);
    expect(groups[0]!.rows.map((row) => row.label)).toEqual(['OFFICE 101', 'CORRIDOR']);
    expect(groups[0]!.totals).toEqual([{ unit: 'SF', quantity: 200.5 }]);
    expect(groups[3]!.rows).toHaveLength(1);
    expect(groups[3]!.rows[0]!.send).toEqual({ documentId: 'd1', itemId: 'i1' });
    expect(groups[0]!.rows[0]!.send).toEqual({ documentId: 'd1', page: 1, room: 'OFFICE 101' });
  });

  it('says the scale of a room measured in a drawing at another scale than its page’s', () => {
    const enlarged: ViewerAnalysis = {
      ...pdf,
      rooms: [
        ...pdf.rooms!,
        {
          name: 'TOILET 2',
          layer: 'walls',
          page: 1,
          areaSqFt: 48,
          perimeterFt: 28,
          scale: { note: '1/2" = 1\'-0"', feetPerPoint: 1 / 36 },
        },
      ],
    };
    const rooms = takeoffGroups('d1', enlarged, [], 1).find((group) => group.id === 'room')!.rows;
    expect(rooms.map((row) => row.detail)).toEqual([
      '44 LF perimeter',
      '60 LF perimeter',
      '28 LF perimeter · at 1/2" = 1\'-0"',
    ]);
  });

  it('says what a room’s tag prints of its size beside the measured area, to check one against the other', () => {
    const tagged: ViewerAnalysis = {
      ...pdf,
      rooms: [
        { name: 'CORRIDOR CE-2', layer: 'walls', page: 1, areaSqFt: 296.4, perimeterFt: 120, printedAreaSqFt: 411 },
        { name: 'BEDROOM 2', layer: 'walls', page: 1, areaSqFt: 138, perimeterFt: 47, printedSize: `12'-0" x 11'-6"` },
      ],
    };
    const rooms = takeoffGroups('d1', tagged, [], 1).find((group) => group.id === 'room')!.rows;
    expect(rooms.map((row) => row.detail)).toEqual([
      '120 LF perimeter · tag: 411 SF',
      `47 LF perimeter · tag: 12'-0" x 11'-6"`,
    ]);
    // A room the analysis notes as measured off its tag says so in its row.
    const noted: ViewerAnalysis = {
      ...tagged,
      roomNotes: [
        {
          page: 1,
          kind: 'printed-area-differs',
          rooms: [{ name: 'CORRIDOR CE-2', at: [10, 10] }],
          message: 'CORRIDOR CE-2 measures 296.4 sq ft from the drawing, but 411 sq ft is printed in its tag.',
        },
      ],
    };
    expect(takeoffGroups('d1', noted, [], 1).find((group) => group.id === 'room')!.rows[0]!.detail).toBe(
      '120 LF perimeter · tag: 411 SF · differs from its tag',
    );
  });

  it('gives a wall layer its walls, each once, with the lines drawn beside', () => {
    const walls: ViewerAnalysis = {
      ...pdf,
      layers: [
        {
          name: 'walls round the measured spaces',
          page: 1,
          lengthFt: 142,
          areaSqFt: 0,
          entityCount: 30,
          wallLengthFt: 110,
          wallLines: [
            [
              [0, 0],
              [72, 0],
            ],
          ],
        },
        { name: 'stroke #000000 0.70 pt', page: 1, lengthFt: 227, areaSqFt: 0, entityCount: 40 },
      ],
    };
    const [wallRow, pen] = takeoffGroups('d1', walls, [], 1).find((group) => group.id === 'layer')!.rows;
    expect([wallRow!.quantity, wallRow!.unit, wallRow!.detail]).toEqual([
      110,
      'LF',
      'walls, each once (142 LF of lines drawn)',
    ]);
    expect([pen!.quantity, pen!.detail]).toEqual([227, '40 lines']);
    // The lines the walls were measured along go with the row, for the sheet to draw when it is chosen.
    expect(wallRow!.lines).toEqual([
      [
        [0, 0],
        [72, 0],
      ],
    ]);
    expect(pen!.lines).toBeUndefined();
    // The walls are drawn by the pen beside them: a sum of the two would count them twice.
    expect(takeoffGroups('d1', walls, [], 1).find((group) => group.id === 'layer')!.totals).toEqual([]);
  });

  it('reads an older analysis without outlines, symbols or items as empty groups left out', () => {
    const dxf: ViewerAnalysis = {
      status: 'analyzed',
      kind: 'dxf',
      quantities: [],
      rooms: [{ name: 'KITCHEN', areaSqFt: 150, perimeterFt: 50, layer: 'A-AREA' }],
      blocks: [{ name: 'CHAIR', count: 4, totalCount: 6 }],
    };
    const groups = takeoffGroups('d1', dxf, [], undefined);
    expect(groups.map((group) => group.id)).toEqual(['room', 'symbol']);
    expect(groups[0]!.rows[0]!.outline).toBeUndefined();
    expect(groups[1]!.totals).toEqual([{ unit: 'EA', quantity: 6 }]);
    expect(takeoffGroups('d1', undefined, [], 1)).toEqual([]);
  });
});

describe('page scale', () => {
  it('prefers a calibration, then the analysis scale, and has none for a page without', () => {
    expect(feetPerPoint(pdf, pdf.pages![0])).toBeCloseTo(1 / 18);
    expect(feetPerPoint(pdf, pdf.pages![1])).toBeNull();
    const calibrated = { ...pdf, overrides: { pageScales: { '2': { feetPerPoint: 0.1, setBy: 'Sam', setAt: '' } } } };
    expect(feetPerPoint(calibrated, pdf.pages![1])).toBe(0.1);
    expect(feetPerPoint(pdf, { number: 3, scale: '1/8" = 1\'-0"' })).toBeNull();
  });

  it('measures inside a drawing at another scale than the page’s at that drawing’s scale', () => {
    const page = {
      ...pdf.pages![0],
      drawings: [
        { note: '1/4" = 1\'-0"', feetPerPoint: 1 / 18, box: [0, 0, 400, 400] as [number, number, number, number] },
        { note: '1/2" = 1\'-0"', feetPerPoint: 1 / 36, box: [450, 0, 600, 200] as [number, number, number, number] },
      ],
    };
    expect(
      feetPerPoint(pdf, page, [
        [460, 10],
        [590, 190],
      ]),
    ).toBeCloseTo(1 / 36);
    // Across both drawings, or before the first click: the page's scale.
    expect(
      feetPerPoint(pdf, page, [
        [10, 10],
        [460, 10],
      ]),
    ).toBeCloseTo(1 / 18);
    expect(feetPerPoint(pdf, page)).toBeCloseTo(1 / 18);
    // Calibrated, and applied by the analysis to each drawing: the drawing's corrected scale.
    const calibrated = {
      ...pdf,
      overrides: { pageScales: { '1': { feetPerPoint: 1 / 15, setBy: 'Sam', setAt: '' } } },
    };
    const applied = {
      ...page,
      scale: { note: '1/2" = 1\'-0"', feetPerPoint: 1 / 15, source: 'calibration' as const },
      drawings: page.drawings.map((d) => ({ ...d, feetPerPoint: d.feetPerPoint * 1.2 })),
    };
    expect(feetPerPoint(calibrated, applied, [[460, 10]])).toBeCloseTo(1.2 / 36);
    expect(feetPerPoint(calibrated, page, [[460, 10]])).toBeCloseTo(1 / 15);
  });

  it('works out feet per point from a known distance (a 180 pt line that is 10 ft)', () => {
    expect(calibratedFeetPerPoint(180, 10, 'ft')).toBeCloseTo(1 / 18);
    expect(calibratedFeetPerPoint(180, 120, 'in')).toBeCloseTo(1 / 18);
  });
});
