import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { corpusFiles, corpusPath, readTruth } from './corpus';

/** The parts of a `.truth.json` (ezdxf's reading of the drawing) the takeoff is checked against. */
interface DxfTruth {
  units: { $INSUNITS: number; to_meters: number | null };
  layers: Record<
    string,
    { entity_counts: Record<string, number>; length: { total: number }; closed_polyline_area: number }
  >;
  inserts: { modelspace_instances: Record<string, number>; effective_instances: Record<string, number> };
}

const METRES_PER_FOOT = 0.3048;

function assertClose(actual: number, expected: number, what: string): void {
  const tolerance = Math.max(1e-6, Math.abs(expected) * 1e-4); // 0.01 % or 1e-6 absolute
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: got ${actual}, ground truth ${expected} (off by ${Math.abs(actual - expected)})`,
  );
}

describe('DXF takeoff matches the ground truth on every real drawing in the corpus', () => {
  const files = corpusFiles('.dxf');

  it('finds the corpus drawings', () => {
    assert.ok(files.length >= 9, `expected the corpus DXFs, found ${files.length}`);
  });

  for (const file of files) {
    describe(file, () => {
      const truth = readTruth<DxfTruth>(file);
      let analysis: DocumentAnalysis;
      let metresPerUnit: number;

      it('is analysed', async () => {
        analysis = await analyzeDocument(corpusPath(file), 'dxf');
        assert.equal(analysis.status, 'analyzed', analysis.error);
        assert.ok(analysis.units);
        // A unitless drawing has no truth scale: the takeoff's stated assumption is used and must be warned about.
        if (truth.units.to_meters === null) {
          assert.equal(analysis.units.source, 'unitless');
          assert.equal(analysis.units.assumed, true);
          assert.ok(analysis.warnings?.some((w) => /does not declare its units/.test(w)));
        }
        metresPerUnit = truth.units.to_meters ?? analysis.units.feetPerUnit * METRES_PER_FOOT;
      });

      it('has each layer’s length, closed area and entity count', () => {
        const feetPerUnit = metresPerUnit / METRES_PER_FOOT;
        const layers = new Map(analysis.layers!.map((l) => [l.name, l]));
        for (const [name, expected] of Object.entries(truth.layers)) {
          const layer = layers.get(name);
          assert.ok(layer, `layer ${name} is missing`);
          assertClose(layer.lengthFt, expected.length.total * feetPerUnit, `${name} length (ft)`);
          assertClose(layer.areaSqFt, expected.closed_polyline_area * feetPerUnit ** 2, `${name} area (sq ft)`);
          const entities = Object.values(expected.entity_counts).reduce((a, b) => a + b, 0);
          assert.equal(layer.entityCount, entities, `${name} entity count`);
        }
        assert.deepEqual([...layers.keys()].sort(), Object.keys(truth.layers).sort(), 'the same layers');
      });

      it('has each block’s model-space and total instance count', () => {
        const counts = Object.fromEntries(analysis.blocks!.map((b) => [b.name, b.count]));
        const totals = Object.fromEntries(analysis.blocks!.map((b) => [b.name, b.totalCount]));
        const direct = Object.fromEntries(
          Object.keys(truth.inserts.effective_instances).map((name) => [
            name,
            truth.inserts.modelspace_instances[name] ?? 0,
          ]),
        );
        assert.deepEqual(totals, truth.inserts.effective_instances);
        assert.deepEqual(counts, direct);
      });
    });
  }
});

describe('units the drawing itself contradicts', () => {
  it('keeps the floor plan in its header’s millimetres and warns that its dimensions read as inches', async () => {
    const analysis = await analyzeDocument(corpusPath('skymakerolof-dxf_floorplan.dxf'), 'dxf');
    assert.equal(analysis.units?.source, 'mm');
    assert.equal(analysis.units?.usedAs, 'mm');
    const warning = analysis.warnings?.find((w) => /millimetres/.test(w) && /inches/.test(w));
    assert.ok(warning, `expected a units warning, got ${JSON.stringify(analysis.warnings)}`);
    assert.match(warning, /25\.4 times/);
  });

  it('reads the unitless curtain-wall details as inches, from their 2 1/2" dimension texts', async () => {
    const analysis = await analyzeDocument(corpusPath('dxf-parser_api-cw750-details.dxf'), 'dxf');
    assert.deepEqual(analysis.units, { source: 'unitless', usedAs: 'in', feetPerUnit: 1 / 12, assumed: true });
  });

  it('raises no units warning where header and dimensions agree', async () => {
    const analysis = await analyzeDocument(corpusPath('skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf'), 'dxf');
    assert.equal(analysis.units?.source, 'm');
    // (Its KITCHEN and HALL share one space its walls do not divide: a room note, not a units warning.)
    assert.deepEqual(
      analysis.warnings?.filter((w) => /units|INSUNITS|dimension/i.test(w)),
      [],
    );
  });
});

describe('what an estimator counts on the real drawings', () => {
  it('counts the PUERTA door blocks as doors', async () => {
    const analysis = await analyzeDocument(corpusPath('skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf'), 'dxf');
    assert.deepEqual(
      analysis.quantities.filter((q) => q.description.startsWith('Doors')),
      [
        {
          description: 'Doors (block PUERTA)',
          quantity: 3,
          unit: 'ea',
          source: { layer: 'doorswindows', block: 'PUERTA' },
        },
      ],
    );
  });

  it('counts the floor plan’s plumbing fixtures and names its garage, porch and deck', async () => {
    const analysis = await analyzeDocument(corpusPath('skymakerolof-dxf_floorplan.dxf'), 'dxf');
    const toilets = analysis.quantities.find((q) => q.source.block === 'xref-Bishop-Overland-08$0$P-Toilet');
    assert.equal(toilets?.quantity, 2);
    assert.match(toilets?.description ?? '', /^Plumbing fixtures/);
    const names = analysis.rooms!.map((r) => r.name);
    assert.ok(names.includes('2 CAR GARAGE'), names.join(', '));
    assert.ok(names.some((n) => /PORCH/.test(n)));
    // 68096 square drawing units of garage outline, in the header's millimetres.
    const garage = analysis.rooms!.find((r) => r.name === '2 CAR GARAGE')!;
    assertClose(garage.areaSqFt, 68096 * (0.001 / METRES_PER_FOOT) ** 2, 'garage area');
    // The size written under its name, carried with it as in a PDF.
    assert.equal(garage.printedSize, `21'2 x 20'10`);
    assert.ok(analysis.pages?.[0].text.includes('KITCHEN'));
  });

  it('names the dynamic block behind anonymous *U blocks', async () => {
    const analysis = await analyzeDocument(corpusPath('dxf-parser_api-cw750-details.dxf'), 'dxf');
    assert.equal(analysis.blocks!.find((b) => b.name === '*U33')?.dynamicBlockName, 'Section Callout');
  });
});
