import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import { corpusFiles, corpusPath } from './corpus';

describe('DWG', () => {
  it('fails a file that is not a DWG and says to export DXF', async () => {
    const analysis = await analyzeDocument(Buffer.from('0\nSECTION\n2\nHEADER\n'), 'dwg');
    assert.equal(analysis.status, 'failed');
    assert.equal(analysis.kind, 'dwg');
    assert.match(analysis.error!, /not a DWG drawing/);
    assert.match(analysis.error!, /export it as DXF/);
  });

  it('fails a damaged DWG (a version mark, then garbage) through the WebAssembly reader, saying to export DXF', async () => {
    const damaged = Buffer.concat([Buffer.from('AC1015', 'latin1'), Buffer.alloc(4096, 0x5a)]);
    const analysis = await analyzeDocument(damaged, 'dwg');
    assert.equal(analysis.status, 'failed');
    assert.match(analysis.error!, /could not be read/);
    assert.match(analysis.error!, /export it as DXF/);
  });

  // Any DWG in the corpus with a DXF twin must measure the same as its DXF.
  for (const file of corpusFiles('.dwg')) {
    const twin = file.replace(/\.dwg$/i, '.dxf');
    it(`measures ${file} like its DXF`, { skip: !existsSync(corpusPath(twin)) && 'no DXF twin' }, async () => {
      const [dwg, dxf] = await Promise.all([
        analyzeDocument(corpusPath(file), 'dwg'),
        analyzeDocument(corpusPath(twin), 'dxf'),
      ]);
      assert.equal(dwg.status, 'analyzed', dwg.error);
      assert.deepEqual(dwg.blocks, dxf.blocks);
      assert.deepEqual(
        dwg.layers?.map((l) => l.name),
        dxf.layers?.map((l) => l.name),
      );
    });
  }
});
