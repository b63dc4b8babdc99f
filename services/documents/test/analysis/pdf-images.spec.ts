/**
 * A drawing sheet's images are not decoded: its linework is read from an
 * opening of the file in which pdf.js decodes no image. Images only tell a
 * scan, so a sheet with next to no linework is read again with them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { PdfWorkerPort } from '../../src/analysis/pdf/pdf-worker-port';
import { deflateSync } from 'node:zlib';
import { pdfFile, writePdf, type PdfPage } from './pdf-fixture-writer';

/** A 36" × 24" sheet, in points. */
const SHEET = { width: 36 * 72, height: 24 * 72 };

/** `count` short wall strokes: linework enough for a drawing. */
function strokes(count: number): string {
  return Array.from({ length: count }, (_, i) => `${100 + i * 20} 100 m ${100 + i * 20} 300 l S`).join('\n');
}

const ocrText = [
  { text: 'FLOOR PLAN LEVEL 2', x: 200, y: 200, size: 24 },
  { text: 'A-201', x: 2400, y: 80, size: 18 },
];

describe('PDF images on drawing sheets', () => {
  const decoded: string[] = [];
  let restore: (() => void) | undefined;

  before(() => {
    // pdf.js's worker side sends each decoded image to the document side as an 'obj' (or 'commonobj') message.
    const post = PdfWorkerPort.prototype.postMessage;
    PdfWorkerPort.prototype.postMessage = function (this: PdfWorkerPort, ...args: Parameters<typeof post>) {
      const message = args[0] as { action?: unknown; data?: unknown } | null;
      const data = message?.data;
      if (
        (message?.action === 'obj' || message?.action === 'commonobj') &&
        Array.isArray(data) &&
        data.includes('Image')
      )
        decoded.push(String(data[0]));
      return post.apply(this, args);
    };
    restore = () => (PdfWorkerPort.prototype.postMessage = post);
  });
  after(() => restore?.());

  async function analyze(page: PdfPage): Promise<DocumentAnalysis> {
    decoded.length = 0;
    const analysis = await analyzeDocument(writePdf([page]), 'pdf');
    assert.equal(analysis.status, 'analyzed');
    return analysis;
  }

  it('reads a drawing sheet with an image over its linework without decoding the image', async () => {
    const analysis = await analyze({ ...SHEET, lines: ocrText, graphics: strokes(60), scan: true });
    assert.deepEqual(decoded, []);
    assert.equal(analysis.pages![0].raster, undefined);
    assert.match(analysis.pages![0].text, /FLOOR PLAN LEVEL 2/);
  });

  it('still decodes the images of a letter page (its reading is unchanged)', async () => {
    const analysis = await analyze({ lines: ocrText.slice(0, 1), graphics: strokes(60), scan: true });
    assert.equal(decoded.length, 1);
    assert.equal(analysis.pages![0].raster, undefined);
  });

  it('flags a scanned drawing sheet with a text layer (OCR) as raster: read again with its images', async () => {
    const analysis = await analyze({ ...SHEET, lines: ocrText, graphics: strokes(3), scan: true });
    assert.equal(analysis.pages![0].raster, true);
    assert.match(analysis.pages![0].text, /FLOOR PLAN LEVEL 2/);
    assert.ok(analysis.warnings!.some((w) => /Page 1 is a scanned image/.test(w)));
  });

  it('flags a page holding only an image too large to decode as a scan, and says a blank page is blank', async () => {
    // A 3000 × 3000 grey scan (9 million pixels, past what is decoded) on page 1; page 2 has nothing on it.
    const pixels = deflateSync(Buffer.alloc(3000 * 3000, 0xc0)).toString('latin1');
    const content = (stream: string) =>
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
    const page = (contents: number) =>
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${SHEET.width} ${SHEET.height}] ` +
      `/Resources << /XObject << /Im1 3 0 R >> >> /Contents ${contents} 0 R >>`;
    const file = pdfFile([
      '',
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>',
      `<< /Type /XObject /Subtype /Image /Width 3000 /Height 3000 /ColorSpace /DeviceGray /BitsPerComponent 8 ` +
        `/Filter /FlateDecode /Length ${pixels.length} >>\nstream\n${pixels}\nendstream`,
      page(5),
      content(`q ${SHEET.width} 0 0 ${SHEET.height} 0 0 cm /Im1 Do Q`),
      page(7),
      content(''),
    ]);
    decoded.length = 0;
    const analysis = await analyzeDocument(file, 'pdf');
    assert.equal(analysis.status, 'analyzed');
    assert.deepEqual(decoded, [], 'the scan is not decoded');
    assert.equal(analysis.pages![0].raster, true);
    assert.equal(analysis.pages![1].raster, undefined);
    // One page is spoken of as one: "nothing on it", "its text".
    assert.ok(analysis.warnings!.some((w) => /^Page 1 is a scanned image: nothing on it can be measured/.test(w)));
    assert.ok(
      analysis.warnings!.some((w) => /^Page 1 has no text layer \(a scanned or flattened drawing\); its text/.test(w)),
    );
    assert.ok(analysis.warnings!.some((w) => /^Page 2 is blank: there is nothing on it/.test(w)));
    assert.ok(!analysis.warnings!.some((w) => /Pages? .*2.* no text layer/.test(w)), 'a blank page is no scan');
  });

  it('does not flag a drawing sheet with next to no linework and no image', async () => {
    const analysis = await analyze({ ...SHEET, lines: ocrText, graphics: strokes(3) });
    assert.equal(analysis.pages![0].raster, undefined);
  });
});
