import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import type { DocumentAnalysis, DocumentKind } from '@kerf/contracts';
import { answer, type AnalysedDocument } from '../src/assistant/local-analyst';

// The documents service's analysis engine, as built (the analyst reads what it produces).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sibling package's build output
const { analyzeDocument } = require(resolve(__dirname, '../../../documents/dist/src/analysis/analyze-document.js')) as {
  analyzeDocument(path: string, kind: DocumentKind): Promise<DocumentAnalysis>;
};
const CORPUS = process.env.KERF_CORPUS_DIR ?? resolve(__dirname, '../../../../../shared/corpus/real');

async function analysed(name: string): Promise<AnalysedDocument> {
  return { id: name, filename: name, analysis: await analyzeDocument(join(CORPUS, name), 'dxf') };
}

type Truth = {
  units: { to_meters: number };
  layers: Record<string, { length: { total: number } }>;
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
        const feet = reply.quantities.reduce((sum, q) => sum + q.quantity, 0);
        const expected = length.total * feetPerUnit;
        assert.ok(
          Math.abs(feet - expected) <= Math.max(0.01, expected * 0.005),
          `${name}: layer ${layer}: ${feet} vs ${expected}`,
        );
      }
    }
  });

  it('says plainly when the documents do not hold the answer', async () => {
    const doc = await analysed('ezdxf_multi_insert_with_attribs.dxf');
    const reply = answer('How many elevators are there?', [doc]);
    assert.match(reply.content, /don't hold elevators to count/);
    assert.deepEqual(reply.quantities, []);
  });
});
