import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseRange } from '../src/documents/document-file.controller';

describe('the Range header of a file download', () => {
  const size = 1000;

  it('reads the first bytes, a middle range, an open end and a suffix', () => {
    assert.deepEqual(parseRange('bytes=0-99', size), { start: 0, end: 99 });
    assert.deepEqual(parseRange('bytes=200-499', size), { start: 200, end: 499 });
    assert.deepEqual(parseRange('bytes=900-', size), { start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=-100', size), { start: 900, end: 999 });
    assert.deepEqual(
      parseRange('bytes=-5000', size),
      { start: 0, end: 999 },
      'a suffix longer than the file is all of it',
    );
    assert.deepEqual(
      parseRange('bytes=990-5000', size),
      { start: 990, end: 999 },
      'an end past the file is its last byte',
    );
  });

  it('answers a range past the end as unsatisfiable', () => {
    assert.equal(parseRange('bytes=1000-', size), 'unsatisfiable');
    assert.equal(parseRange('bytes=2000-3000', size), 'unsatisfiable');
    assert.equal(parseRange('bytes=-0', size), 'unsatisfiable');
  });

  it('ignores what it does not serve, so the whole file is sent', () => {
    for (const header of [undefined, '', 'bytes=0-9,20-29', 'items=0-9', 'bytes=9-0', 'bytes=-', 'bytes=a-b'])
      assert.equal(parseRange(header, size), null, String(header));
  });
});
