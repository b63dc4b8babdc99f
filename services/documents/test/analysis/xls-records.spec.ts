import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import { readXlsSheets } from '../../src/analysis/office/xls-reader';
import { rkNumber } from '../../src/analysis/office/xls-records';
import {
  RECORD,
  bof,
  biffStream,
  boolErrCell,
  formulaCell,
  labelCell,
  labelSstCell,
  mulRkCell,
  numberCell,
  record,
  rkCell,
  rkDouble,
  rkInteger,
  unicodeString,
} from './biff-writer';
import { oleContainer } from './ole-writer';

const u16 = (n: number) => Buffer.from([n & 255, n >> 8]);
const u32 = (n: number) => Buffer.from([n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255]);
const latin1 = (text: string) => Buffer.from(text, 'latin1');
const wide = (text: string) => Buffer.from(text, 'utf16le');

/**
 * A shared strings table split over five CONTINUE records the way Excel
 * splits one: characters cut mid-string with the flag byte re-stated (and
 * changed), rich-text runs and a phonetic block cut without one, and a
 * string whose header ends its record.
 */
function sharedStrings(): Buffer[] {
  const sst = Buffer.concat([
    u32(20),
    u32(7),
    unicodeString('Description'),
    // 'Concrete slab Ω2', rich (2 runs): 9 one-byte characters here, the rest two-byte in the next record.
    Buffer.concat([u16(16), Buffer.from([0x08]), u16(2), latin1('Concrete ')]),
  ]);
  const continue1 = Buffer.concat([Buffer.from([0x01]), wide('slab Ω2'), Buffer.alloc(4, 0xaa)]);
  // The runs' other 4 bytes, then 'Rebar' with a 12-byte phonetic block cut after 6 bytes.
  const continue2 = Buffer.concat([
    Buffer.alloc(4, 0xbb),
    u16(5),
    Buffer.from([0x04]),
    u32(12),
    latin1('Rebar'),
    Buffer.alloc(6, 0x11),
  ]);
  // 'EA': its header ends this record; its characters follow the next record's flag byte.
  const continue3 = Buffer.concat([
    Buffer.alloc(6, 0x22),
    unicodeString('Qty'),
    unicodeString('Unit'),
    u16(2),
    Buffer.from([0x00]),
  ]);
  // 'Ωmega' begins two-byte and goes on one-byte after the flag byte.
  const continue4 = Buffer.concat([Buffer.from([0x00]), latin1('EA'), u16(5), Buffer.from([0x01]), wide('Ω')]);
  const continue5 = Buffer.concat([Buffer.from([0x00]), latin1('mega')]);
  return [
    record(RECORD.sst, sst),
    ...[continue1, continue2, continue3, continue4, continue5].map((c) => record(RECORD.continue, c)),
  ];
}

const takeoffSheet = () => [
  labelSstCell(0, 0, 0),
  labelSstCell(0, 1, 3),
  labelSstCell(0, 2, 4),
  labelSstCell(1, 0, 1),
  rkCell(1, 1, rkInteger(12345, true)),
  labelCell(1, 2, 'm³'),
  labelSstCell(2, 0, 2),
  numberCell(2, 1, 0.1),
  labelSstCell(2, 2, 5),
  mulRkCell(2, 3, [rkInteger(-5), rkDouble(0.25), rkInteger(7, true)]),
  formulaCell(3, 0, [0, 0]),
  record(RECORD.string, unicodeString('Formwork, long')),
  formulaCell(3, 1, 42.5),
  labelSstCell(3, 2, 6),
  formulaCell(3, 3, [1, 1]),
  formulaCell(3, 4, [2, 0x07]),
  formulaCell(3, 5, [3, 0]),
  boolErrCell(3, 6, 0, false),
  boolErrCell(3, 7, 0x2a, true),
  // An embedded chart's substream: its cells are not the sheet's.
  bof(0x0020),
  numberCell(9, 9, 999),
  record(RECORD.eof, []),
  numberCell(5, 20_000, 1),
  labelCell(5, 0, 'Trailing'),
];

const xls = (stream: Buffer) => oleContainer({ Workbook: stream });

async function failure(stream: Buffer): Promise<string> {
  const started = performance.now();
  const analysis = await analyzeDocument(xls(stream), 'xls');
  assert.ok(performance.now() - started < 5_000, 'a hostile file fails quickly');
  assert.equal(analysis.status, 'failed');
  return analysis.error!;
}

describe('XLS records', () => {
  it('decodes RK numbers: integers, doubles, and each divided by 100', () => {
    assert.equal(rkNumber(rkInteger(123)), 123);
    assert.equal(rkNumber(rkInteger(-536_870_912)), -536_870_912);
    assert.equal(rkNumber(rkInteger(12345, true)), 123.45);
    assert.equal(rkNumber(rkDouble(12.5)), 12.5);
    assert.equal(rkNumber(rkDouble(2 ** 40)), 2 ** 40);
    assert.equal(rkNumber(rkDouble(1, true)), 0.01);
    assert.equal(rkNumber(rkDouble(-0.75)), -0.75);
  });

  it('reads shared strings split across CONTINUE records, and every kind of cell', () => {
    const sheets = readXlsSheets(xls(biffStream(sharedStrings(), [{ name: 'Métré', records: takeoffSheet() }])));
    assert.deepEqual(sheets, [
      {
        name: 'Métré',
        rows: [
          ['Description', 'Qty', 'Unit'],
          ['Concrete slab Ω2', 123.45, 'm³'],
          ['Rebar', 0.1, 'EA', -5, 0.25, 0.07],
          ['Formwork, long', 42.5, 'Ωmega', true, '#DIV/0!', '', false, '#N/A'],
          [],
          ['Trailing'],
        ],
      },
    ]);
  });

  it('turns the rows into quantity lines like an XLSX', async () => {
    const analysis = await analyzeDocument(
      xls(biffStream(sharedStrings(), [{ name: 'Métré', records: takeoffSheet() }])),
      'xls',
    );
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.kind, 'xls');
    assert.deepEqual(
      analysis.quantities.map((q) => [q.description, q.quantity, q.unit, q.source.row]),
      [
        ['Concrete slab Ω2', 123.45, 'm³', 2],
        ['Rebar', 0.1, 'EA', 3],
        ['Formwork, long', 42.5, 'Ωmega', 4],
      ],
    );
  });

  it('reads a BIFF5 (Excel 95) workbook’s 8-bit strings in its code page', () => {
    const label5 = (row: number, column: number, bytes: Buffer) =>
      record(RECORD.label, Buffer.concat([u16(row), u16(column), u16(15), u16(bytes.length), bytes]));
    const concrete = Buffer.from([0xc1, 0xe5, 0xf2, 0xee, 0xed]); // "Бетон" in Windows-1251
    const stream = biffStream(
      [record(RECORD.codePage, u16(1251))],
      [
        {
          name: 'Estimate',
          records: [
            label5(0, 0, latin1('Description')),
            label5(0, 1, latin1('Qty')),
            label5(0, 2, latin1('Unit')),
            label5(1, 0, concrete),
            rkCell(1, 1, rkInteger(3)),
            label5(1, 2, latin1('m3')),
          ],
        },
      ],
      0x0500,
    );
    assert.deepEqual(readXlsSheets(oleContainer({ Book: stream })), [
      {
        name: 'Estimate',
        rows: [
          ['Description', 'Qty', 'Unit'],
          ['Бетон', 3, 'm3'],
        ],
      },
    ]);
  });

  it('refuses an encrypted workbook (FILEPASS), saying to save it without the password', async () => {
    const filePass = record(RECORD.filePass, [1, 0, 1, 0, 1, 0, ...new Array(48).fill(7)]);
    const error = await failure(biffStream([filePass, ...sharedStrings()], [{ name: 'S', records: takeoffSheet() }]));
    assert.match(error, /password-protected.*Save a copy without the password/);
    const agile = await analyzeDocument(
      oleContainer({ EncryptionInfo: Buffer.alloc(8), EncryptedPackage: Buffer.alloc(8) }),
      'xls',
    );
    assert.match(agile.error!, /password-protected/);
  });

  it('fails files that are not workbooks with what they are', async () => {
    assert.match(
      await failure(Buffer.alloc(64)),
      /XLS\) workbook is corrupt or truncated \(its workbook stream does not begin with a BOF/,
    );
    const word = await analyzeDocument(oleContainer({ WordDocument: Buffer.alloc(64) }), 'xls');
    assert.match(word.error!, /not an Excel workbook.*Upload the Excel file itself/);
    const notOle = await analyzeDocument(Buffer.from('PK\x03\x04 not an OLE file'), 'xls');
    assert.match(notOle.error!, /corrupt or truncated \(it is not an OLE compound file\)/);
  });

  it('fails a stream cut inside a record, or a sheet cut before its end', async () => {
    const padding = record(0x00e1, Buffer.alloc(5000)); // a long record the reader skips, so no padding follows
    const whole = biffStream([padding, ...sharedStrings()], [{ name: 'S', records: takeoffSheet() }]);
    assert.match(await failure(whole.subarray(0, whole.length - 6)), /a record runs past the end of its stream/);
    const cut = Buffer.concat([whole.subarray(0, whole.length - 4), Buffer.alloc(8)]);
    assert.match(await failure(cut), /sheet “S” ends without its EOF record/);
    assert.match(await failure(whole.subarray(0, 5100)), /shared strings|a string is cut off|runs past/);
  });

  it('fails sheets that point at one place, into each other or past the stream', async () => {
    const records = takeoffSheet();
    const sheetLength = 20 + records.reduce((n, r) => n + r.length, 0) + 4;
    const twice = biffStream(sharedStrings(), [
      { name: 'A', records },
      { name: 'B', records: [], position: (at) => at - sheetLength },
    ]);
    assert.match(await failure(twice), /two sheets say they start at one place/);
    // B starts at a worksheet substream nested inside A: its bytes would be walked twice.
    const withNested = [...records, bof(0x0010), numberCell(9, 9, 999), record(RECORD.eof, [])];
    const nestedAt = 20 + records.reduce((n, r) => n + r.length, 0);
    const nested = biffStream(sharedStrings(), [
      { name: 'A', records: withNested },
      { name: 'B', records: [], position: (at) => at - (sheetLength + 42) + nestedAt },
    ]);
    assert.match(await failure(nested), /a sheet runs into the next one/);
    const past = biffStream(sharedStrings(), [{ name: 'A', records, position: () => 0x7fff_0000 }]);
    assert.match(await failure(past), /sheet “A” does not start where the workbook says/);
  });

  it('fails hostile shared-string tables and cell records', async () => {
    const sheet = [{ name: 'S', records: [labelSstCell(0, 0, 0)] }];
    const declared = record(RECORD.sst, Buffer.concat([u32(1), u32(0xffff_ffff)]));
    assert.match(await failure(biffStream([declared], sheet)), /declares 4294967295 shared strings/);
    const long = record(RECORD.sst, Buffer.concat([u32(1), u32(1), u16(65_535), Buffer.from([1]), wide('short')]));
    assert.match(await failure(biffStream([long], sheet)), /a string is cut off/);
    assert.match(await failure(biffStream([], sheet)), /a cell refers to shared string 1 of 0/);
    const short = [{ name: 'S', records: [record(RECORD.number, [0, 0, 0, 0])] }];
    assert.match(await failure(biffStream([], short)), /shorter than its fields/);
  });

  it('stops at its cell limit when cells far to the right would cost a billion blanks', async () => {
    const records: Buffer[] = [];
    for (let row = 0; row < 2_000; row++) records.push(numberCell(row, 16_000, 1));
    assert.match(await failure(biffStream([], [{ name: 'S', records }])), /more than 16,777,216 cells.*split it/);
  });
});
