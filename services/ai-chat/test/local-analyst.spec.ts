import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import type { AnalysisOverrides, DocumentAnalysis, DocumentKind } from '@kerf/contracts';
import { CORPUS_DIR } from '@kerf/platform/testing';
import { originKey } from '@kerf/takeoff';
import { answer, remeasure } from '../src/assistant/local-analyst';
import type { AnalysedDocument } from '../src/assistant/sourced-quantity';
import { LocalAssistant } from '../src/assistant/local-assistant';
import type { ResponseStyle } from '../src/assistant/assistant';
import type { DocumentLibrary } from '../src/assistant/document-library';

// The documents service's analysis engine, as built (the analyst reads what it produces).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sibling package's build output
const { analyzeDocument } = require(resolve(__dirname, '../../../documents/dist/src/analysis/analyze-document.js')) as {
  analyzeDocument(path: string, kind: DocumentKind, overrides?: AnalysisOverrides): Promise<DocumentAnalysis>;
};
const CORPUS = CORPUS_DIR;

async function analysed(name: string): Promise<AnalysedDocument> {
  return { id: name, filename: name, analysis: await analyzeDocument(join(CORPUS, name), 'dxf') };
}

type Truth = {
  units: { to_meters: number };
  layers: Record<string, { length: { total: number }; closed_polyline_area?: number }>;
  inserts: { effective_instances: Record<string, number> };
};

describe('the local analyst', () => {
  it('counts doors from block names, with the block and the file behind the number', async () => {
    const doc = await analysed('ezdxf_multi_insert_with_attribs.dxf');
    const reply = answer('How many flags are there?', [doc]);
    assert.match(reply.content, /^- 25 ea flags \(ezdxf_multi_insert_with_attribs\.dxf, block FLAG\)$/m);
    assert.deepEqual(
      reply.quantities.map((q) => [q.quantity, q.unit, q.source.block]),
      [[25, 'ea', 'FLAG']],
    );
  });

  it("answers each block's count and each layer's length of every corpus drawing as the ground truth", async () => {
    for (const name of readdirSync(CORPUS).filter((file) => file.endsWith('.dxf'))) {
      const doc = await analysed(name);
      const truth = JSON.parse(readFileSync(join(CORPUS, `${name}.truth.json`), 'utf8')) as Truth;
      for (const [block, count] of Object.entries(truth.inserts.effective_instances)) {
        if (!count) continue;
        const reply = answer(`How many "${block}" are there?`, [doc]);
        const total = reply.quantities.reduce((sum, q) => sum + q.quantity, 0);
        assert.equal(total, count, `${name}: block ${block}: ${reply.content}`);
      }
      // A unitless drawing: the analysis states the unit it assumed (with a warning), and so does the answer.
      const feetPerUnit = truth.units.to_meters ? truth.units.to_meters / 0.3048 : doc.analysis.units!.feetPerUnit;
      for (const [layer, { length }] of Object.entries(truth.layers)) {
        if (!length?.total) continue;
        const reply = answer(`What is the length of layer "${layer}"?`, [doc]);
        // A wall layer also gets its wall length; its linework is the figure the truth measures.
        const feet = reply.quantities.filter((q) => q.figure !== 'wall length').reduce((sum, q) => sum + q.quantity, 0);
        const expected = length.total * feetPerUnit;
        assert.ok(
          Math.abs(feet - expected) <= Math.max(0.01, expected * 0.005),
          `${name}: layer ${layer}: ${feet} vs ${expected}`,
        );
      }
    }
  });

  it("answers each layer's closed area and every block count at once, as the ground truth", async () => {
    for (const name of readdirSync(CORPUS).filter((file) => file.endsWith('.dxf'))) {
      const doc = await analysed(name);
      const truth = JSON.parse(readFileSync(join(CORPUS, `${name}.truth.json`), 'utf8')) as Truth;
      const feetPerUnit = truth.units.to_meters ? truth.units.to_meters / 0.3048 : doc.analysis.units!.feetPerUnit;
      for (const [layer, { closed_polyline_area: area }] of Object.entries(truth.layers)) {
        if (!area) continue;
        const reply = answer(`What is the area of layer "${layer}"?`, [doc]);
        const sqft = reply.quantities.reduce((sum, q) => sum + q.quantity, 0);
        const expected = area * feetPerUnit ** 2;
        assert.ok(
          Math.abs(sqft - expected) <= Math.max(0.01, expected * 0.005),
          `${name}: layer ${layer}: ${sqft} vs ${expected}`,
        );
      }
      const placed = Object.entries(truth.inserts.effective_instances).filter(([, count]) => count > 0);
      const every = answer('How many blocks of each type are there?', [doc]);
      assert.deepEqual(
        Object.fromEntries(every.quantities.map((q) => [q.source.block, q.quantity])),
        Object.fromEntries(placed),
        name,
      );
    }
  });

  it('reads the ways an estimator asks: "count the …", "square footage of …"', async () => {
    const doc = await analysed('ezdxf_wipeout_door.dxf');
    assert.match(
      answer('count the doors', [doc]).content,
      /^- 2 ea doors \(ezdxf_wipeout_door\.dxf, block wipeout_door\)$/m,
    );
    const footage = answer('What is the square footage of the building?', [doc]);
    assert.ok(
      footage.quantities.every((q) => q.unit === 'sq ft'),
      footage.content,
    );
  });

  it('answers from quantities written in specs and schedules, in their own units, with the page behind each', () => {
    const spec: AnalysedDocument = {
      id: 'spec-1',
      filename: 'specs.pdf',
      analysis: {
        status: 'analyzed',
        kind: 'pdf',
        quantities: [
          { description: '2" PVC pipe', quantity: 120, unit: 'ft', source: { page: 3 } },
          { description: 'Concrete footings', quantity: 14.5, unit: 'cu yd', source: { page: 4, sheet: 'S-101' } },
          { description: 'Rebar #4', quantity: 2400, unit: 'lb', source: { page: 4 } },
        ],
      },
    };
    assert.equal(answer('How many feet of pipe?', [spec]).content, '- 120 ft 2" PVC pipe (specs.pdf, page 3)');
    assert.equal(
      answer('How much concrete for the footings?', [spec]).content,
      '- 14.5 cu yd Concrete footings (specs.pdf, sheet S-101, page 4)',
    );
    const rebar = answer('How much rebar is there?', [spec]);
    assert.equal(rebar.content, '- 2,400 lb Rebar #4 (specs.pdf, page 4)');
    assert.deepEqual(rebar.quantities[0]!.source, { documentId: 'spec-1', filename: 'specs.pdf', page: 4 });
  });

  it('counts the doors inside door pairs once: the pair block is not a door of its own', () => {
    const plan: AnalysedDocument = {
      id: 'plan-1',
      filename: 'plan.dxf',
      analysis: {
        status: 'analyzed',
        kind: 'dxf',
        blocks: [
          { name: 'DOOR', count: 2, totalCount: 13 },
          { name: 'DOOR-PAIR', count: 1, totalCount: 4, contains: ['DOOR'] },
          { name: 'UNIT', count: 3, totalCount: 3, contains: ['DOOR', 'DOOR-PAIR'] },
        ],
        quantities: [
          { description: 'Doors (block DOOR)', quantity: 13, unit: 'ea', source: { layer: 'A-DOOR', block: 'DOOR' } },
          {
            description: 'Doors (block DOOR-PAIR)',
            quantity: 4,
            unit: 'ea',
            source: { layer: 'A-DOOR', block: 'DOOR-PAIR' },
          },
        ],
      },
    };
    const reply = answer('How many doors are there?', [plan]);
    assert.equal(reply.content, '- 13 ea doors (plan.dxf, block DOOR)');
  });

  it('counts from a schedule on a drawing sheet: its quantity column, or one per row', () => {
    const sheet: AnalysedDocument = {
      id: 'a601',
      filename: 'A-601.pdf',
      analysis: {
        status: 'analyzed',
        kind: 'pdf',
        quantities: [],
        pages: [
          {
            number: 1,
            sheetNumber: 'A-601',
            text: '',
            schedules: [
              {
                title: 'DOOR SCHEDULE',
                columns: ['MARK', 'SIZE', 'TYPE', 'QTY'],
                rows: [
                  ['D1', '3\'-0" x 7\'-0"', 'HM', '4'],
                  ['D2', '6\'-0" x 7\'-0"', 'WD', '2'],
                ],
              },
              {
                title: 'WINDOW SCHEDULE',
                columns: ['MARK', 'SIZE', 'GLAZING'],
                rows: [
                  ['W1', '4\'-0" x 5\'-0"', 'LOW-E'],
                  ['W2', '2\'-0" x 3\'-0"', 'LOW-E'],
                  ['W3', '4\'-0" x 5\'-0"', 'TEMPERED'],
                ],
              },
            ],
          },
        ],
      },
    };
    assert.equal(answer('How many doors are there?', [sheet]).content, '- 6 ea doors (A-601.pdf, sheet A-601, page 1)');
    const windows = answer('How many windows?', [sheet]);
    assert.equal(windows.content, '- 3 ea windows (A-601.pdf, sheet A-601, page 1)');
    assert.deepEqual(windows.quantities[0]!.source, {
      documentId: 'a601',
      filename: 'A-601.pdf',
      page: 1,
      sheet: 'A-601',
    });
  });

  it('says plainly when the documents do not hold the answer', async () => {
    const doc = await analysed('ezdxf_multi_insert_with_attribs.dxf');
    const reply = answer('How many elevators are there?', [doc]);
    assert.match(reply.content, /don't hold elevators to count/);
    assert.deepEqual(reply.quantities, []);
  });
});

describe('the local analyst on doors', () => {
  it('counts each door block once on every corpus drawing, and never a word that only starts like one', async () => {
    for (const name of readdirSync(CORPUS).filter((file) => file.endsWith('.dxf'))) {
      const doc = await analysed(name);
      const truth = JSON.parse(readFileSync(join(CORPUS, `${name}.truth.json`), 'utf8')) as Truth;
      const doors = Object.entries(truth.inserts.effective_instances)
        .filter(([block]) => /door|puerta/i.test(block))
        .reduce((sum, [, count]) => sum + count, 0);
      const reply = answer('How many doors are there?', [doc]);
      const counted = reply.quantities.reduce((sum, q) => sum + q.quantity, 0);
      assert.equal(counted, doors, `${name}: ${reply.content}`);
      if (!doors) assert.match(reply.content, /don't hold doors to count/, name);
    }
  });

  it("passes on the analysis' warning about the drawing's units with the areas it affects", async () => {
    const doc = await analysed('skymakerolof-dxf_floorplan.dxf');
    assert.ok(doc.analysis.warnings?.length, 'the analysis doubts this drawing’s units');
    const reply = answer('What is the area of the rooms?', [doc]);
    assert.ok(reply.quantities.length > 0);
    assert.ok(reply.content.includes(`Note on skymakerolof-dxf_floorplan.dxf: ${doc.analysis.warnings![0]!}`));
  });

  it("passes on the doubt about a PDF page's scale with its rooms' areas, however many notes there are on rooms", () => {
    const names = ['KITCHEN', 'VERANDA', 'STAIRS', 'DINING'];
    const roomNotes = names.map((name) => ({
      page: 1,
      kind: 'printed-size-differs' as const,
      rooms: [{ name, at: [0, 0] as [number, number] }],
      message: `${name} measures 75 sq ft from the drawing, but 11'-5"X10'-9" is written in its tag.`,
    }));
    const scale = `Page 1 has no scale note: its scale is read from two dimension strings alone (49'-0" and 59'-0"). Check it, or calibrate the page.`;
    const plan = {
      id: 'plan',
      filename: 'plan.pdf',
      analysis: {
        status: 'analyzed',
        kind: 'pdf',
        quantities: [],
        rooms: names.map((name) => ({ name, layer: 'WALL', page: 1, areaSqFt: 75, perimeterFt: 35 })),
        roomNotes,
        warnings: [...roomNotes.map((n) => `Page 1: ${n.message}`), scale],
      },
    } as AnalysedDocument;
    const reply = answer('What rooms are on the plan and how big are they?', [plan]);
    assert.equal(reply.quantities.length, 4);
    assert.ok(reply.content.includes(`Note on plan.pdf: ${scale}`), reply.content);
  });
});

describe('the local assistant', () => {
  it('keeps the figures whatever the response style, and says more only when asked to be comprehensive', async () => {
    const doc = await analysed('ezdxf_multi_insert_with_attribs.dxf');
    const library = { analysed: () => Promise.resolve([doc]) } as unknown as DocumentLibrary;
    const ask = (responseStyle: ResponseStyle) =>
      new LocalAssistant().reply({
        question: 'How many flags are there?',
        history: [],
        preferences: { responseStyle },
        library,
      });
    const standard = await ask('standard');
    const comprehensive = await ask('comprehensive');
    const concise = await ask('concise');
    assert.deepEqual(comprehensive.quantities, standard.quantities);
    assert.deepEqual(concise.quantities, standard.quantities);
    assert.ok(comprehensive.content.startsWith(standard.content));
    assert.match(comprehensive.content, /waste allowance/);
    assert.equal(concise.content, standard.content);
    assert.equal(standard.provider, 'local');
  });
});

describe('the local analyst on takeoff identity', () => {
  const WALLS = ['skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf', 'skymakerolof-dxf_floorplan.dxf'];

  it('answers wall length per wall layer, each once, with linework apart and no total across drawings', async () => {
    const docs = await Promise.all(WALLS.map(analysed));
    const reply = answer('What is the total length of the walls?', docs);
    const walls = reply.quantities.filter((q) => q.figure === 'wall length');
    const wallLayers = docs.flatMap((doc) =>
      (doc.analysis.layers ?? []).filter((l) => /wall/i.test(l.name) && l.lengthFt > 0).map((l) => [doc.id, l.name]),
    );
    assert.ok(wallLayers.length >= 3, 'both drawings have wall layers');
    assert.deepEqual(
      walls.map((q) => [q.source.documentId, q.source.layer]).sort(),
      [...wallLayers].sort(),
      'one wall length for every wall layer, and only one',
    );
    // Each layer is named on one line of the reply.
    for (const [, layer] of wallLayers)
      assert.equal(reply.content.split('\n').filter((l) => l.includes(`layer ${layer})`)).length, 1, reply.content);
    for (const wall of walls) {
      const linework = reply.quantities.find(
        (q) => q.figure === 'linework' && originKey(q.origin) === originKey(wall.origin),
      )!;
      assert.ok(wall.quantity <= linework.quantity, 'the wall length is never more than its linework');
      assert.ok(wall.material, 'a wall length is a material');
      assert.equal(linework.material, undefined, 'linework is never offered as a material');
    }
    // A total sums one drawing only: no figure of the reply equals the sum over both drawings.
    const byDoc = docs.map((doc) => walls.filter((q) => q.source.documentId === doc.id));
    const across = byDoc.flat().reduce((sum, q) => sum + q.quantity, 0);
    assert.doesNotMatch(reply.content, new RegExp(`\\b${Math.round(across)}(\\.\\d)? ft`));
    assert.doesNotMatch(reply.content, /^Total:/m);
    for (const [i, group] of byDoc.entries())
      if (group.length > 1)
        assert.match(reply.content, new RegExp(`Total on ${docs[i]!.filename.replace(/[.$]/g, '\\$&')}: walls`));
    // Figures rounded as a person writes them.
    assert.doesNotMatch(reply.content, /\d+\.\d{3,}/);
    assert.doesNotMatch(reply.content, /\b\d{2,}\.\d{2} ft/);
  });

  it('gives doors asked for as "doors" and by their block name the same identity', async () => {
    const doc = await analysed('skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf');
    const [doors] = answer('How many doors are there?', [doc]).quantities;
    const [puerta] = answer('How many PUERTA are there?', [doc]).quantities;
    assert.equal(doors!.quantity, 3);
    assert.equal(originKey(doors!.origin), originKey(puerta!.origin));
    assert.deepEqual(doors!.material, puerta!.material);
    assert.equal(doors!.material!.category, 'Doors & windows');
  });

  it('offers no annotation and no sliver as a material', async () => {
    const flags = answer('How many flags are there?', [await analysed('ezdxf_multi_insert_with_attribs.dxf')]);
    assert.equal(flags.quantities[0]!.quantity, 25);
    assert.equal(flags.quantities[0]!.material, undefined);
    const plan: AnalysedDocument = {
      id: 'p',
      filename: 'p.dxf',
      analysis: {
        status: 'analyzed',
        kind: 'dxf',
        rooms: [
          { name: 'PORCH', areaSqFt: 0.05, perimeterFt: 1, layer: 'A-AREA' },
          { name: 'KITCHEN', areaSqFt: 180.25, perimeterFt: 54, layer: 'A-AREA' },
        ],
        layers: [{ name: 'A-DIMS', lengthFt: 300, areaSqFt: 0, entityCount: 40 }],
        quantities: [],
      },
    };
    const rooms = answer('What is the area of the rooms?', [plan]);
    assert.deepEqual(
      rooms.quantities.filter((q) => q.material).map((q) => q.material!.name),
      ['KITCHEN room area'],
    );
    assert.equal(answer('How long is layer A-DIMS?', [plan]).quantities[0]!.material, undefined);
    assert.equal(
      answer('How much concrete for a 4 inch slab?', [
        { ...plan, analysis: { ...plan.analysis, rooms: plan.analysis.rooms!.slice(0, 1) } },
      ]).quantities[0]!.material,
      undefined,
    );
  });

  it("answers the building's floor area from its footprint outline, and the rooms only when rooms are asked", async () => {
    const plan: AnalysedDocument = {
      id: 'f',
      filename: 'f.dxf',
      analysis: {
        status: 'analyzed',
        kind: 'dxf',
        rooms: [{ name: 'GARAGE', areaSqFt: 420, perimeterFt: 82, layer: 'BLDG-OUTLINE' }],
        layers: [{ name: 'BLDG-OUTLINE', lengthFt: 190, areaSqFt: 1980.5, entityCount: 2 }],
        quantities: [],
      },
    };
    for (const question of ['What is the floor area?', 'How big is the house?', 'What is the footprint area?']) {
      const reply = answer(question, [plan]);
      assert.deepEqual(
        reply.quantities.map((q) => [q.quantity, q.origin.kind, q.origin.ref, q.material?.name]),
        [[1980.5, 'layer', 'BLDG-OUTLINE', 'Floor area, footprint (BLDG-OUTLINE)']],
        question,
      );
      assert.match(reply.content, /1,981 sq ft footprint/);
    }
    const rooms = answer('What are the room areas?', [plan]);
    assert.deepEqual(
      rooms.quantities.map((q) => [q.quantity, q.origin.kind, q.material?.name]),
      [[420, 'room', 'GARAGE room area']],
    );

    // The Bishop-Overland plan, read in inches: its A-FOOTPRINT outlines hold 325,624 sq in (its .truth.json).
    const bishop = 'skymakerolof-dxf_floorplan.dxf';
    const inches = await analyzeDocument(join(CORPUS, bishop), 'dxf', {
      units: { unit: 'in', setBy: 'Test', setAt: new Date(0).toISOString() },
    });
    const [footprint] = answer('What is the floor area?', [{ id: 'b', filename: bishop, analysis: inches }]).quantities;
    assert.equal(footprint!.origin.ref, 'xref-Bishop-Overland-08$0$A-FOOTPRINT');
    assert.ok(Math.abs(footprint!.quantity - 325624 / 144) < 0.01, String(footprint!.quantity));
  });

  it('takes off floor finishes, base and wall board room by room, leaving outside spaces and the garage out', () => {
    const rooms = [
      { name: 'BEDROOM 2', layer: 'A-AREA', areaSqFt: 132, perimeterFt: 46 },
      { name: 'KITCHEN', layer: 'A-AREA', areaSqFt: 180, perimeterFt: 54 },
      { name: '2 CAR GARAGE', layer: 'A-AREA', areaSqFt: 440, perimeterFt: 84 },
      { name: 'COVERED PORCH', layer: 'A-AREA', areaSqFt: 60, perimeterFt: 32 },
    ];
    const walls = [{ name: 'A-WALL', lengthFt: 400, areaSqFt: 0, entityCount: 60, wallLengthFt: 190 }];
    const plan: AnalysedDocument = {
      id: 'house',
      filename: 'house.dxf',
      analysis: { status: 'analyzed', kind: 'dxf', rooms, layers: walls, quantities: [] },
    };
    const taken = (question: string) =>
      answer(question, [plan]).quantities.map((q) => [q.material?.name, q.quantity, q.unit, q.origin.ref]);

    // Flooring is each room's floor area, the finish asked for named: priced as that finish, not as "a room".
    const flooring = answer('How much flooring do I need?', [plan]);
    assert.deepEqual(taken('How much flooring do I need?'), [
      ['Flooring, BEDROOM 2', 132, 'sq ft', 'BEDROOM 2'],
      ['Flooring, KITCHEN', 180, 'sq ft', 'KITCHEN'],
    ]);
    assert.match(flooring.content, /^Left out: 2 CAR GARAGE, COVERED PORCH \(outside the rooms or a garage\)/m);
    assert.deepEqual(taken('How much carpet for bedroom 2?'), [['Carpet, BEDROOM 2', 132, 'sq ft', 'BEDROOM 2']]);
    // A residential plan's "Bed Room", two of them told apart by the analysis, asked for as bedrooms; the tile's
    // kind kept in its name, as the estimate prices it.
    const house: AnalysedDocument = {
      id: 'house-30x50',
      filename: 'house-30x50.pdf',
      analysis: {
        status: 'analyzed',
        kind: 'pdf',
        quantities: [],
        rooms: [
          { name: 'Bed Room', layer: 'walls', page: 1, areaSqFt: 109.2, perimeterFt: 42 },
          { name: 'Kitchen', layer: 'walls', page: 1, areaSqFt: 70.8, perimeterFt: 39 },
          { name: 'Bed Room (2)', layer: 'walls', page: 1, areaSqFt: 109.5, perimeterFt: 42 },
          { name: 'Bath+ Toilet', layer: 'walls', page: 1, areaSqFt: 35.1, perimeterFt: 24 },
          { name: 'Bathroom Closet', layer: 'walls', page: 1, areaSqFt: 8.2, perimeterFt: 12 },
        ],
      },
    } as AnalysedDocument;
    assert.deepEqual(
      answer('Ceramic tile flooring for the bedrooms', [house]).quantities.map((q) => [q.material?.name, q.quantity]),
      [
        ['Ceramic tile flooring, Bed Room', 109.2],
        ['Ceramic tile flooring, Bed Room (2)', 109.5],
      ],
    );
    // A room named for two ("Bath+ Toilet") is asked for by either name; a part of a name is no room's.
    const floored = (q: string) => answer(q, [house]).quantities.map((q) => q.material?.name);
    assert.deepEqual(floored('Ceramic tile flooring in the bath'), ['Ceramic tile flooring, Bath+ Toilet']);
    assert.deepEqual(floored('Porcelain tile flooring for the toilets'), ['Porcelain tile flooring, Bath+ Toilet']);
    assert.deepEqual(
      taken('How much LVP do I need?').map(([name]) => name),
      ['Luxury vinyl plank, BEDROOM 2', 'Luxury vinyl plank, KITCHEN'],
    );
    // Base runs around the same rooms, named as asked.
    assert.deepEqual(taken('How many feet of baseboard do I need?'), [
      ['Baseboard, BEDROOM 2', 46, 'ft', 'BEDROOM 2'],
      ['Baseboard, KITCHEN', 54, 'ft', 'KITCHEN'],
    ]);
    assert.deepEqual(taken('How much rubber base for the kitchen?'), [['Rubber base, KITCHEN', 54, 'ft', 'KITCHEN']]);

    // Board on the walls: around every room (the garage's too, not the porch's) times the height asked.
    const drywall = answer('How much drywall do I need for the walls with 9 ft ceilings?', [plan]);
    assert.deepEqual(taken('How much drywall do I need for the walls with 9 ft ceilings?'), [
      ['Gypsum board on walls', (46 + 54 + 84) * 9, 'sq ft', 'gypsum board wall surface 9 ft'],
    ]);
    assert.match(
      drywall.content,
      /^- 1,656 sq ft gypsum board on walls \(184 ft around the rooms of house\.dxf × 9 ft\)$/m,
    );
    assert.match(drywall.content, /Left out: COVERED PORCH/);
    assert.match(drywall.content, /openings included: take off the doors and windows/);
    const paint = answer('How much paint for the walls?', [plan]);
    assert.equal(paint.quantities[0]!.quantity, 184 * 8);
    assert.equal(paint.quantities[0]!.material?.name, 'Interior paint on walls');
    assert.match(paint.content, /an assumed wall height: give the height for another figure/);
    assert.notEqual(
      paint.quantities[0]!.origin.ref,
      drywall.quantities[0]!.origin.ref,
      'paint and board are two materials',
    );
    // A re-analysis (the units corrected, a room's outline redrawn) re-measures the board from the rooms.
    const redrawn = structuredClone(plan);
    redrawn.analysis.rooms![0]!.perimeterFt = 50;
    assert.equal(remeasure(drywall.quantities[0]!.origin, redrawn), (50 + 54 + 84) * 9);

    // No rooms measured: both faces of the drawing's walls, said so.
    const unroomed: AnalysedDocument = { ...plan, analysis: { ...plan.analysis, rooms: [] } };
    const faces = answer('How much sheetrock at 8 ft?', [unroomed]);
    assert.deepEqual(
      faces.quantities.map((q) => [q.quantity, q.origin.ref]),
      [[190 * 2 * 8, 'gypsum board wall faces 8 ft']],
    );
    assert.match(faces.content, /An outside wall is faced on its inside only: take off its outside face\./);
    // Only outside spaces measured: said, not "not found".
    const outside: AnalysedDocument = { ...plan, analysis: { ...plan.analysis, rooms: rooms.slice(2) } };
    assert.match(
      answer('How much flooring do I need?', [outside]).content,
      /^The measured rooms \(2 CAR GARAGE, COVERED PORCH\) are outside spaces or a garage/,
    );
  });

  it("takes a wall's hatch and a door's tag for annotation, not for walls and doors", () => {
    const plan: AnalysedDocument = {
      id: 'plan',
      filename: 'plan.dxf',
      analysis: {
        status: 'analyzed',
        kind: 'dxf',
        layers: [
          { name: 'A-WALL', lengthFt: 200, areaSqFt: 0, entityCount: 30, wallLengthFt: 104 },
          { name: 'A-WALL-PATT', lengthFt: 900, areaSqFt: 40, entityCount: 12 },
        ],
        blocks: [
          { name: 'DOOR-36', count: 4, totalCount: 4 },
          { name: 'DOOR-TAG', count: 4, totalCount: 4 },
        ],
        quantities: [],
      },
    };
    const walls = answer('How long are the walls?', [plan]);
    assert.deepEqual(
      walls.quantities.map((q) => [q.source.layer, q.figure]),
      [
        ['A-WALL', 'wall length'],
        ['A-WALL', 'linework'],
      ],
    );
    assert.equal(answer('How many doors are there?', [plan]).content, '- 4 ea doors (plan.dxf, block DOOR-36)');
  });

  it('reads rooms, layers and symbols a PDF analysis places on pages', () => {
    const pdf = {
      id: 'sheet',
      filename: 'A-101.pdf',
      analysis: {
        status: 'analyzed',
        kind: 'pdf',
        rooms: [{ name: 'OFFICE 101', areaSqFt: 220.4, perimeterFt: 60, layer: '', page: 2 }],
        layers: [{ name: 'WALLS', lengthFt: 400, areaSqFt: 0, entityCount: 10, wallLengthFt: 205, page: 2 }],
        symbols: [{ name: 'DOOR', page: 2, count: 7 }],
        quantities: [],
      },
    } as unknown as AnalysedDocument;
    const [door] = answer('How many doors?', [pdf]).quantities;
    assert.deepEqual([door!.quantity, door!.origin.kind, door!.origin.page, door!.source.page], [7, 'symbol', 2, 2]);
    const [room] = answer('What is the area of the rooms?', [pdf]).quantities;
    assert.deepEqual([room!.origin.kind, room!.origin.ref, room!.origin.page], ['room', 'OFFICE 101', 2]);
    const walls = answer('How long are the walls?', [pdf]);
    assert.match(walls.content, /^- 205 ft walls \(A-101\.pdf, page 2, layer WALLS\); linework 400 ft/m);
  });
});
