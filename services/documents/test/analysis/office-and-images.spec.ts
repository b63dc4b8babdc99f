import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { strToU8, zipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import { corpusPath } from './corpus';

describe('spreadsheets', () => {
  it('reads the quantity lines of the corpus ODS cost schedule, with sheet and row', async () => {
    const analysis = await analyzeDocument(corpusPath('ifcopenshell_sample_cost_schedule_house_FR.ods'), 'xlsx');
    assert.equal(analysis.status, 'analyzed', analysis.error);
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
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Project: Clinic renovation'],
      [],
      ['Item', 'Description', 'Qty', 'Unit', 'Rate'],
      ['03 30 00', 'Slab on grade concrete', 15, 'CY', 180],
      ['09 65 13', 'Rubber base', '1,200', 'LF', 3.5],
      ['', 'Subtotal', '', '', 4900],
    ]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Takeoff');
    const bytes = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
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

  it('fails a DOCX that is not a ZIP package, and says what to do with a DOC', async () => {
    const broken = await analyzeDocument(Buffer.from('not a zip'), 'docx');
    assert.match(broken.error!, /not a Word \(DOCX\) document/);
    const doc = await analyzeDocument(Buffer.from('whatever'), 'doc');
    assert.equal(doc.status, 'failed');
    assert.match(doc.error!, /Save it as DOCX/);
  });
});

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
