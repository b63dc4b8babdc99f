import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import { openOleContainer } from '../../src/analysis/office/ole-container';
import { readXlsSheets } from '../../src/analysis/office/xls-reader';
import { RecordCursor } from '../../src/analysis/office/xls-records';
import { fixturePath } from '../uploading-user';
import { RECORD } from './biff-writer';
import { oleContainer } from './ole-writer';
import { XLS_SOURCES, longNote, sourceWorkbook } from './xls-fixture-sources';

const fixture = (name: string) => readFileSync(fixturePath(name));

/** Every record type of a file's Workbook stream, in order: what the fixture really exercises. */
function recordTypes(file: Buffer): number[] {
  const cursor = new RecordCursor(openOleContainer(file).read('Workbook')!, 0);
  const types: number[] = [];
  while (cursor.advance()) types.push(cursor.type);
  return types;
}

const count = (types: number[], type: number) => types.filter((t) => t === type).length;

describe('XLS workbooks written by LibreOffice', () => {
  for (const name of Object.keys(XLS_SOURCES))
    it(`${name}.xls gives the quantities of the XLSX it was converted from`, async () => {
      const fromXls = await analyzeDocument(fixture(`${name}.xls`), 'xls');
      const fromXlsx = await analyzeDocument(await sourceWorkbook(name), 'xlsx');
      assert.equal(fromXls.status, 'analyzed', fromXls.error);
      assert.equal(fromXls.kind, 'xls');
      assert.ok(fromXls.quantities.length > 0);
      assert.deepEqual(fromXls.quantities, fromXlsx.quantities);
      assert.deepEqual(
        fromXls.pages?.map((p) => p.title),
        fromXlsx.pages?.map((p) => p.title),
      );
    });

  it('reads numbers stored as RK, MULRK and NUMBER records exactly', () => {
    const file = fixture('takeoff.xls');
    const types = recordTypes(file);
    for (const type of [RECORD.rk, RECORD.mulRk, RECORD.number, RECORD.labelSst])
      assert.ok(count(types, type) > 0, `record 0x${type.toString(16)} in the fixture`);
    const sheets = readXlsSheets(file);
    assert.deepEqual(
      sheets.map((s) => s.name),
      ['Takeoff', 'Métré'],
    );
    assert.deepEqual(sheets[1].rows, XLS_SOURCES.takeoff['Métré']);
    assert.deepEqual(sheets[0].rows[4], ['09 65 13', 'Rubber base', '1,200', 'LF', 3.5]);
  });

  it('reads a shared strings table spread over many CONTINUE records, one- and two-byte strings alike', async () => {
    const file = fixture('long-strings.xls');
    const types = recordTypes(file);
    const sst = types.indexOf(RECORD.sst);
    const continues = types.slice(sst + 1).findIndex((t) => t !== RECORD.continue);
    assert.ok(continues >= 10, `the SST is followed by ${continues} CONTINUE records`);
    const [takeoff, notes] = readXlsSheets(file);
    assert.deepEqual(takeoff.rows, XLS_SOURCES['long-strings'].Takeoff);
    assert.deepEqual(notes.rows, [['Note'], [longNote()]]);
    const analysis = await analyzeDocument(file, 'xls');
    assert.equal(analysis.quantities.length, 1_200);
    assert.deepEqual(analysis.quantities[2], {
      description: 'Dalle béton niveau 3, 混凝土楼板 3',
      quantity: 3.5,
      unit: 'LF',
      source: { sheet: 'Takeoff', row: 4 },
    });
  });

  it('reads formulas as their cached results: numbers, text, booleans and errors', () => {
    const file = fixture('formulas.xls');
    const types = recordTypes(file);
    assert.ok(count(types, RECORD.formula) >= 8 && count(types, RECORD.string) >= 2);
    assert.deepEqual(readXlsSheets(file)[0].rows, [
      ['Description', 'Qty', 'Unit', 'Length', 'Width', 'Large', 'Check', 'Note'],
      ['Room 2', 30, 'SF', 6, 5, true, '#DIV/0!'],
      ['Corridor', 37.5, 'SF', 12.5, 3, false, '#N/A', 'plain'],
      ['Corridor closet', 67.5, 'SF'],
    ]);
  });

  it('refuses a workbook LibreOffice saved with a password (FILEPASS), saying to save it without', async () => {
    const file = fixture('password-protected.xls');
    assert.deepEqual(recordTypes(file).slice(0, 2), [RECORD.bof, RECORD.filePass]);
    const analysis = await analyzeDocument(file, 'xls');
    assert.equal(analysis.status, 'failed');
    assert.equal(
      analysis.error,
      'The Excel (XLS) workbook is password-protected, so its cells cannot be read. Save a copy without the password and upload that.',
    );
  });

  it('fails a real workbook cut short, quickly and with a message', async () => {
    const file = fixture('long-strings.xls');
    const failure = async (bytes: Buffer) => {
      const started = performance.now();
      const analysis = await analyzeDocument(bytes, 'xls');
      assert.ok(performance.now() - started < 5_000);
      assert.equal(analysis.status, 'failed');
      return analysis.error!;
    };
    // The file itself cut: its container's sectors, directory or FAT are missing.
    for (const length of [600, Math.floor(file.length / 3), Math.floor(file.length * 0.9)])
      assert.match(
        await failure(file.subarray(0, length)),
        /XLS\) workbook is corrupt or truncated \(.+\)\. Open it in Excel or LibreOffice/,
      );
    // The container whole, its Workbook stream said to end early: the cut falls among the records.
    const entry = file.indexOf(Buffer.from('Workbook\0', 'utf16le'));
    const streamSize = file.readUInt32LE(entry + 0x78);
    const cuts: Array<[number, RegExp]> = [
      [4096, /\(a record runs past the end of its stream\)/],
      [Math.floor(streamSize / 2), /\(a record runs past the end of its stream\)/],
      [streamSize - 4, /\(sheet “Notes” ends without its EOF record\)/],
    ];
    for (const [size, reason] of cuts) {
      const cut = Buffer.from(file);
      cut.writeUInt32LE(size, entry + 0x78);
      assert.match(await failure(cut), reason, `stream cut to ${size} bytes`);
    }
  });

  it('answers every damaged copy of a real workbook with its cells or a clear failure, quickly', async () => {
    // Seeded, so the same 900 copies every run: 1 to 4 bytes changed among a record's first 12 (its header and fields).
    let seed = 20_261_127;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) & 0x7fff_ffff;
      return seed % n;
    };
    const clear =
      /^The (Excel \(XLS\) workbook is (corrupt or truncated \(.+\)\. Open it|password-protected)|workbook (holds more than|is in the format of Excel 4\.0))/;
    const outcomes = { analyzed: 0, failed: 0 };
    for (const name of ['takeoff', 'formulas', 'long-strings']) {
      const stream = openOleContainer(fixture(`${name}.xls`)).read('Workbook')!;
      const starts: number[] = [];
      const cursor = new RecordCursor(stream, 0);
      while (cursor.advance()) starts.push(cursor.body - 4);
      for (let copy = 0; copy < 300; copy++) {
        const damaged = Buffer.from(stream);
        for (let n = 1 + random(4); n > 0; n--) damaged[starts[random(starts.length)] + random(12)] = random(256);
        const started = performance.now();
        const analysis = await analyzeDocument(oleContainer({ Workbook: damaged }), 'xls');
        assert.ok(performance.now() - started < 5_000);
        outcomes[analysis.status === 'analyzed' ? 'analyzed' : 'failed']++;
        if (analysis.status !== 'analyzed') assert.match(analysis.error!, clear);
      }
    }
    assert.ok(outcomes.failed > 100 && outcomes.analyzed > 100, JSON.stringify(outcomes));
  });
});
