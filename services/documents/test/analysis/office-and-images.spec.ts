import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { strToU8, zipSync } from 'fflate';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import { fixturePath } from '../uploading-user';
import { xlsxWorkbook } from '../workbook';
import { corpusPath } from './corpus';
import { oleContainer } from './ole-writer';

describe('spreadsheets', () => {
  it('reads the quantity lines of the corpus ODS cost schedule, with sheet and row', async () => {
    const analysis = await analyzeDocument(corpusPath('ifcopenshell_sample_cost_schedule_house_FR.ods'), 'ods');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.kind, 'ods');
    assert.equal(analysis.pages?.[0].title, 'sample_cost_schedule_house_FR');
    assert.match(analysis.pages![0].text, /Gros oeuvre/);
    assert.deepEqual(analysis.quantities[0], {
      description: 'DB.1.1 Architecte',
      quantity: 1,
      unit: 'unit',
      source: { sheet: 'sample_cost_schedule_house_FR', row: 4 },
    });
    const gargoyles = analysis.quantities.find((q) => q.description.startsWith('DB.2.1.2.8'));
    assert.deepEqual([gargoyles?.quantity, gargoyles?.source.row], [3, 18]);
  });

  it('reads an XLSX takeoff sheet whose header is not on the first row', async () => {
    const bytes = await xlsxWorkbook({
      Takeoff: [
        ['Project: Clinic renovation'],
        [],
        ['Item', 'Description', 'Qty', 'Unit', 'Rate'],
        ['03 30 00', 'Slab on grade concrete', 15, 'CY', 180],
        ['09 65 13', 'Rubber base', '1,200', 'LF', 3.5],
        ['', 'Subtotal', '', '', 4900],
      ],
    });
    const analysis = await analyzeDocument(bytes, 'xlsx');
    assert.deepEqual(analysis.quantities, [
      {
        description: '03 30 00 Slab on grade concrete',
        quantity: 15,
        unit: 'CY',
        source: { sheet: 'Takeoff', row: 4 },
      },
      { description: '09 65 13 Rubber base', quantity: 1200, unit: 'LF', source: { sheet: 'Takeoff', row: 5 } },
    ]);
  });

  it('reads a takeoff sheet of 200,000 quantity lines and keeps the first 20,000, saying so', async () => {
    const rows: Array<Array<string | number>> = [['Description', 'Qty', 'Unit']];
    for (let i = 1; i <= 200_000; i++) rows.push([`Rubber base, room ${i}`, 12, 'LF']);
    const bytes = await xlsxWorkbook({ Takeoff: rows });
    const analysis = await analyzeDocument(bytes, 'xlsx');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.quantities.length, 20_000);
    assert.deepEqual(analysis.quantities.at(-1), {
      description: 'Rubber base, room 20000',
      quantity: 12,
      unit: 'LF',
      source: { sheet: 'Takeoff', row: 20_001 },
    });
    assert.ok(
      analysis.warnings?.includes(
        'Only the first 20,000 of 200,000 quantity lines are kept; split the file to take off the rest.',
      ),
    );
    // Well within what one gRPC answer between the services may carry (32 MB).
    assert.ok(JSON.stringify(analysis).length < 16 * 1024 * 1024);
  });

  it('reads sheets and cells named __proto__ as plain text, leaving Object.prototype alone', async () => {
    const rows = [
      ['Description', 'Qty', 'Unit', '__proto__', 'constructor'],
      ['__proto__', 2, 'EA', '{"polluted":true}', 'prototype'],
    ];
    // Computed keys: a literal `__proto__:` would set the object's prototype instead of naming a sheet.
    const xlsx = await xlsxWorkbook({ ['__proto__']: rows, ['constructor']: rows });
    const ods = odsFile(`<table:table table:name="__proto__">${rows.map((row) => odsRow(row)).join('')}</table:table>`);
    for (const [bytes, kind] of [
      [xlsx, 'xlsx'],
      [ods, 'ods'],
    ] as const) {
      const analysis = await analyzeDocument(bytes, kind);
      assert.equal(analysis.status, 'analyzed', analysis.error);
      assert.equal(analysis.pages?.[0].title, '__proto__');
      assert.deepEqual(analysis.quantities[0], {
        description: '__proto__',
        quantity: 2,
        unit: 'EA',
        source: { sheet: '__proto__', row: 2 },
      });
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      assert.equal(Object.getPrototypeOf({}), Object.prototype);
      assert.equal(Object.keys(Object.prototype).length, 0);
    }
  });

  it('reads an ODS with repeated cells and rows, spaces and notes, keeping sheet row numbers', async () => {
    const ods = odsFile(
      `<table:table table:name="Métré">` +
        `<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>` +
        odsRow(['Désignation', 'Qté', 'Unité']) +
        `<table:table-row><table:table-cell office:value-type="string"><text:p>Béton<text:s text:c="2"/>de propreté</text:p>` +
        `<office:annotation><text:p>note, not a value</text:p></office:annotation></table:table-cell>` +
        `<table:table-cell office:value-type="float" office:value="12.5"><text:p>12,50</text:p></table:table-cell>` +
        `<table:table-cell office:value-type="string"><text:p>m3</text:p></table:table-cell></table:table-row>` +
        `<table:table-row table:number-rows-repeated="2">` +
        `<table:table-cell office:value-type="string"><text:p>Enduit</text:p></table:table-cell>` +
        `<table:table-cell office:value-type="float" office:value="3"/><table:table-cell office:value-type="string"><text:p>m2</text:p></table:table-cell></table:table-row>` +
        `<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>` +
        `</table:table>`,
    );
    const analysis = await analyzeDocument(ods, 'ods');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.deepEqual(analysis.quantities, [
      { description: 'Béton de propreté', quantity: 12.5, unit: 'm3', source: { sheet: 'Métré', row: 4 } },
      { description: 'Enduit', quantity: 3, unit: 'm2', source: { sheet: 'Métré', row: 5 } },
      { description: 'Enduit', quantity: 3, unit: 'm2', source: { sheet: 'Métré', row: 6 } },
    ]);
    assert.match(analysis.pages![0].text, /Béton {2}de propreté\t12\.5\tm3/);
    assert.doesNotMatch(analysis.pages![0].text, /note, not a value/);
  });

  it('fails an ODS whose XML declares entities, without expanding them', async () => {
    const bomb = odsXml(`<table:table>${odsRow(['&lol9;', 'Qty', 'Unit'])}</table:table>`)
      .replace('&amp;lol9;', '&lol9;')
      .replace(
        '<office:document-content',
        '<!DOCTYPE x [<!ENTITY lol "lol"><!ENTITY lol9 "&lol;&lol;&lol;&lol;">]><office:document-content',
      );
    const analysis = await analyzeDocument(odsPackage(bomb), 'ods');
    assert.equal(analysis.status, 'failed');
    assert.match(analysis.error!, /OpenDocument spreadsheet is corrupt/);
    const notZip = await analyzeDocument(Buffer.from('not a zip at all'), 'ods');
    assert.match(notZip.error!, /not an OpenDocument spreadsheet/);
  });

  it('fails an ODS whose rows each repeat a cell across every column, before it fills memory', async () => {
    // 1,100 distinct rows of 16,384 cells: over 18 million cells from a file of a few hundred KB.
    const row =
      '<table:table-row><table:table-cell table:number-columns-repeated="16384" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>';
    const started = Date.now();
    const analysis = await analyzeDocument(odsFile(`<table:table>${row.repeat(1_100)}</table:table>`), 'ods');
    assert.equal(analysis.status, 'failed');
    assert.match(analysis.error!, /too many cells to read: split it into smaller files/);
    assert.ok(Date.now() - started < 20_000, `failed in ${Date.now() - started} ms`);
  });

  it('reads a sheet’s tables as schedules: a title row, the header, the rows', async () => {
    const workbook = await xlsxWorkbook({
      Finishes: [
        ['ROOM FINISH SCHEDULE'],
        [],
        ['ROOM NO.', 'ROOM NAME', 'FLOOR FINISH', 'BASE', 'AREA'],
        [101, 'OFFICE', 'CPT-1', 'RB-1', 120],
        ['101A', 'STORAGE', 'SEALED CONCRETE', '', 18],
        [],
        ['FINISH MATERIALS'],
        ['CODE', 'DESCRIPTION'],
        ['CPT-1', 'CARPET TILE'],
      ],
      Notes: [['Finishes are by the owner.'], [12, 14]],
    });
    const analysis = await analyzeDocument(workbook, 'xlsx');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.deepEqual(analysis.pages![0].schedules, [
      {
        title: 'ROOM FINISH SCHEDULE',
        columns: ['ROOM NO.', 'ROOM NAME', 'FLOOR FINISH', 'BASE', 'AREA'],
        rows: [
          ['101', 'OFFICE', 'CPT-1', 'RB-1', '120'],
          ['101A', 'STORAGE', 'SEALED CONCRETE', '', '18'],
        ],
      },
      { title: 'FINISH MATERIALS', columns: ['CODE', 'DESCRIPTION'], rows: [['CPT-1', 'CARPET TILE']] },
    ]);
    assert.equal(analysis.pages![1].schedules, undefined, 'a note and two figures are no table');
  });

  it('fails a file that is not a spreadsheet', async () => {
    const analysis = await analyzeDocument(Buffer.alloc(0), 'xlsx');
    assert.equal(analysis.status, 'failed');
    assert.match(analysis.error!, /empty/);
  });
});

describe('Word and PowerPoint', () => {
  const docx = (paragraphs: string[]) =>
    Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8('<Types/>'),
        'word/document.xml': strToU8(
          `<w:document><w:body>${paragraphs
            .map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`)
            .join('')}</w:body></w:document>`,
        ),
      }),
    );

  it('reads a DOCX spec’s text and the quantities written in it', async () => {
    const analysis = await analyzeDocument(
      docx([
        'SECTION 09 65 13 &amp; RESILIENT BASE',
        'Provide 120 LF of 4&quot; rubber base.',
        'Allow 2,400 SF of carpet tile.',
      ]),
      'docx',
    );
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.pages?.[0].text.split('\n')[0], 'SECTION 09 65 13 & RESILIENT BASE');
    assert.deepEqual(
      analysis.quantities.map((q) => [q.quantity, q.unit, q.source.page]),
      [
        [120, 'ft', 1],
        [2400, 'sq ft', 1],
      ],
    );
  });

  it('reads a DOCX table as a schedule titled by the paragraph before it', async () => {
    const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
    const row = (cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
    const body =
      '<w:p><w:r><w:t>Room finish schedule</w:t></w:r></w:p>' +
      `<w:tbl>${row(['Room', 'Name', 'Floor'])}${row(['12', 'Lobby', 'Terrazzo'])}${row(['14', 'Office', 'CPT-2'])}</w:tbl>`;
    const analysis = await analyzeDocument(
      Buffer.from(
        zipSync({
          '[Content_Types].xml': strToU8('<Types/>'),
          'word/document.xml': strToU8(`<w:document><w:body>${body}</w:body></w:document>`),
        }),
      ),
      'docx',
    );
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.deepEqual(analysis.pages![0].schedules, [
      {
        title: 'Room finish schedule',
        columns: ['Room', 'Name', 'Floor'],
        rows: [
          ['12', 'Lobby', 'Terrazzo'],
          ['14', 'Office', 'CPT-2'],
        ],
      },
    ]);
  });

  it('reads a PPTX one slide per page', async () => {
    const slide = (lines: string[]) =>
      strToU8(`<p:sld>${lines.map((l) => `<a:p><a:r><a:t>${l}</a:t></a:r></a:p>`).join('')}</p:sld>`);
    const pptx = Buffer.from(
      zipSync({
        'ppt/slides/slide2.xml': slide(['Scope', 'Excavate 15 CY']),
        'ppt/slides/slide1.xml': slide(['Kick-off', 'Welcome']),
      }),
    );
    const analysis = await analyzeDocument(pptx, 'pptx');
    assert.deepEqual(
      analysis.pages?.map((p) => [p.number, p.title]),
      [
        [1, 'Kick-off'],
        [2, 'Scope'],
      ],
    );
    assert.deepEqual(analysis.quantities[0].source, { page: 2 });
  });

  it('fails a DOCX that is not a ZIP package', async () => {
    const broken = await analyzeDocument(Buffer.from('not a zip'), 'docx');
    assert.match(broken.error!, /not a Word \(DOCX\) document/);
  });
});

describe('Word 97–2003 (DOC) and PowerPoint 97–2003 (PPT)', () => {
  const fixture = (name: string) => readFileSync(fixturePath(name));

  it('reads a DOC spec’s text and the quantities written in it', async () => {
    const analysis = await analyzeDocument(fixture('door-hardware-spec.doc'), 'doc');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.kind, 'doc');
    assert.deepEqual(analysis.pages?.[0].text.split('\n'), [
      'SECTION 08 71 00 DOOR HARDWARE',
      'Provide 36 EA mortise locksets, satin stainless finish.',
      'Furnish 12 EA surface-mounted overhead closers with hold-open arms.',
      'Coordinate electrified strikes with the access control contractor.',
    ]);
    assert.deepEqual(
      analysis.quantities.map((q) => [q.quantity, q.unit, q.source.page]),
      [
        [36, 'ea', 1],
        [12, 'ea', 1],
      ],
    );
    assert.match(analysis.quantities[0].description, /mortise locksets/);
  });

  it('fails a DOC that is another Office file, or damaged, saying so', async () => {
    const presentation = await analyzeDocument(fixture('scope-deck.ppt'), 'doc');
    assert.equal(presentation.status, 'failed');
    assert.match(presentation.error!, /not a Word document/);
    const doc = fixture('door-hardware-spec.doc');
    // The WordDocument stream starts with the FIB, whose magic number is 0xA5EC: overwrite its first bytes.
    const fib = doc.indexOf(Buffer.from([0xec, 0xa5]));
    assert.ok(fib > 512, 'the fixture has a Word stream');
    const damaged = Buffer.from(doc);
    damaged.fill(0xff, fib, fib + 64);
    const broken = await analyzeDocument(damaged, 'doc');
    assert.equal(broken.status, 'failed');
    assert.match(broken.error!, /(corrupt|damaged).*save it as DOCX/);
  });

  it('reads each slide of a PPT as a page, with the quantities on it', async () => {
    const analysis = await analyzeDocument(fixture('scope-deck.ppt'), 'ppt');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.kind, 'ppt');
    assert.deepEqual(
      analysis.pages?.map((page) => [page.number, page.text]),
      [
        [1, 'Bid kick-off meeting\nClinic renovation, level 2'],
        [2, 'Scope of work\nInstall 2,400 SF of terrazzo flooring in the atrium'],
      ],
    );
    assert.deepEqual(
      analysis.quantities.map((q) => [q.quantity, q.unit, q.source.page]),
      [[2400, 'sq ft', 2]],
    );
  });

  it('reads a PPT laid out as PowerPoint writes it (the slide list), the current version of a fast-saved file', async () => {
    const analysis = await analyzeDocument(
      pptWithSlideList([
        ['Old title'], // an earlier save, kept in the file
        ['Foundations', 'Pour 45 CY of footing concrete'],
        ['Framing', 'Wall plates: 1,200 LF'],
      ]),
      'ppt',
    );
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.deepEqual(
      analysis.pages?.map((page) => page.text),
      ['Foundations\nPour 45 CY of footing concrete', 'Framing\nWall plates: 1,200 LF'],
    );
    assert.deepEqual(
      analysis.quantities.map((q) => [q.quantity, q.unit, q.source.page]),
      [
        [45, 'cu yd', 1],
        [1200, 'ft', 2],
      ],
    );
  });

  it('fails a DOC or PPT whose sector chain loops, instead of reading it forever', async () => {
    for (const [kind, stream] of [
      ['doc', 'WordDocument'],
      ['ppt', 'PowerPoint Document'],
    ] as const) {
      const file = oleContainer({ [stream]: Buffer.alloc(4096) });
      // The stream fills sectors 0–7; the FAT (the last sector) sends sector 7 back to sector 0.
      file.writeInt32LE(0, file.length - 512 + 7 * 4);
      const analysis = await analyzeDocument(file, kind);
      assert.equal(analysis.status, 'failed', kind);
      assert.match(analysis.error!, /corrupt or truncated \(a chain of its sectors loops\)/);
    }
  });

  it('fails a PPT that is another Office file, password-protected or damaged, saying so', async () => {
    const document = await analyzeDocument(fixture('door-hardware-spec.doc'), 'ppt');
    assert.equal(document.status, 'failed');
    assert.match(document.error!, /not a PowerPoint presentation/);
    const damaged = await analyzeDocument(fixture('scope-deck.ppt').subarray(0, 600), 'ppt');
    assert.equal(damaged.status, 'failed');
    assert.match(damaged.error!, /corrupt or truncated.*save it as PPTX/);
    const container = oleContainer({ 'PowerPoint Document': Buffer.alloc(64), EncryptedSummary: Buffer.alloc(64) });
    const locked = await analyzeDocument(container, 'ppt');
    assert.match(locked.error!, /password-protected/);
  });
});

/**
 * A PPT whose text is in the Document record's slide list, one SlidePersistAtom
 * opening each slide (MS-PPT 2.4.14.3), as PowerPoint writes it. The first
 * entry goes into an earlier Document record, as a fast save leaves it.
 */
function pptWithSlideList([old, ...slides]: string[][]): Buffer {
  const record = (type: number, body: Buffer, container = false, instance = 0) => {
    const header = Buffer.alloc(8);
    header.writeUInt16LE((instance << 4) | (container ? 0xf : 0), 0);
    header.writeUInt16LE(type, 2);
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body]);
  };
  const persist = (id: number) => record(0x03f3, Buffer.alloc(20).fill(0).fill(id, 0, 1));
  const chars = (text: string) => record(0x0fa0, Buffer.from(text, 'utf16le'));
  const document = (texts: string[][]) =>
    record(
      0x03e8,
      record(0x0ff0, Buffer.concat(texts.flatMap((slide, i) => [persist(i + 1), ...slide.map(chars)])), true, 0),
      true,
    );
  return oleContainer({ 'PowerPoint Document': Buffer.concat([document([old!]), document(slides)]) });
}

describe('images', () => {
  it('knows a PNG’s pixel size', async () => {
    const png = Buffer.alloc(33);
    png.writeUInt32BE(0x89504e47, 0);
    png.writeUInt32BE(0x0d0a1a0a, 4);
    png.writeUInt32BE(13, 8);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    const analysis = await analyzeDocument(png, 'image');
    assert.deepEqual(analysis.image, { width: 640, height: 480, format: 'png' });
  });

  it('knows a JPEG’s pixel size', async () => {
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const analysis = await analyzeDocument(jpeg, 'image');
    assert.deepEqual(analysis.image, { width: 640, height: 480, format: 'jpeg' });
  });
});

const ODS_NAMESPACES =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';

const odsXml = (tables: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODS_NAMESPACES}><office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`;

const odsPackage = (contentXml: string) =>
  Buffer.from(
    zipSync({
      mimetype: strToU8('application/vnd.oasis.opendocument.spreadsheet'),
      'content.xml': strToU8(contentXml),
    }),
  );

/** An ODS package whose content.xml holds these tables. */
const odsFile = (tables: string) => odsPackage(odsXml(tables));

function odsRow(cells: Array<string | number>): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return `<table:table-row>${cells
    .map((cell) =>
      typeof cell === 'number'
        ? `<table:table-cell office:value-type="float" office:value="${cell}"><text:p>${cell}</text:p></table:table-cell>`
        : `<table:table-cell office:value-type="string"><text:p>${escape(cell)}</text:p></table:table-cell>`,
    )
    .join('')}</table:table-row>`;
}
