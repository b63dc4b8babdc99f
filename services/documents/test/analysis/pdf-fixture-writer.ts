/**
 * Minimal PDFs for tests: one font, lines of text, and optionally vector
 * graphics (raw content-stream operators), optional content groups (layers)
 * and a page-filling image (a scan).
 */

export interface PdfLine {
  text: string;
  x: number;
  y: number;
  size?: number;
  /** Written in WinAnsi (a second Helvetica), for text with Latin-1 characters such as ½ or ×. */
  winAnsi?: boolean;
  /** Written turned a quarter about its start: anticlockwise (reading up the page) or clockwise (reading down). */
  turn?: 'anticlockwise' | 'clockwise';
}

/**
 * A room tag's lines centred on `at` (PDF space, y up), one under the other, at
 * `size` (Helvetica's mean width taken as 0.55 of the size).
 */
export function tagLines(texts: readonly string[], at: readonly [number, number], size: number): PdfLine[] {
  return texts.map((text, i) => ({
    text,
    x: +(at[0] - (text.length * size * 0.55) / 2).toFixed(2),
    y: +(at[1] - i * size * 1.2).toFixed(2),
    size,
  }));
}

function escapePdfString(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

export interface PdfPage {
  lines: PdfLine[];
  /** Raw content-stream operators drawn before the text (PDF space: origin bottom-left, y up). */
  graphics?: string;
  /** A grey image scaled over the whole page, as a scanner writes it. */
  scan?: boolean;
  width?: number;
  height?: number;
}

/**
 * Writes the pages. `layers` names optional content groups the graphics can use
 * with `/OC /L0 BDC ... EMC` (L0 is the first name, L1 the second…).
 */
export function writePdf(pages: Array<PdfLine[] | PdfPage>, width = 612, height = 792, layers: string[] = []): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font, 4: a scan image, then the layers, then a page and a content stream per page.
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  // F2, for lines asking for WinAnsi: the same font with an encoding that has ½ and ×.
  const winAnsiFont = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  const pixels = 'ff'.repeat(16);
  objects[4] =
    `<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceGray /BitsPerComponent 8 ` +
    `/Filter /ASCIIHexDecode /Length ${pixels.length + 1} >>\nstream\n${pixels}>\nendstream`;
  let next = 5;
  const winAnsiId = next++;
  objects[winAnsiId] = winAnsiFont;
  const layerIds = layers.map((name) => {
    const id = next++;
    objects[id] = `<< /Type /OCG /Name (${escapePdfString(name)}) >>`;
    return id;
  });
  const properties = layerIds.map((id, i) => `/L${i} ${id} 0 R`).join(' ');
  for (const entry of pages) {
    const page: PdfPage = Array.isArray(entry) ? { lines: entry } : entry;
    const pageWidth = page.width ?? width;
    const pageHeight = page.height ?? height;
    const pageId = next++;
    const contentId = next++;
    pageIds.push(pageId);
    const parts: string[] = [];
    if (page.scan) parts.push(`q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Im1 Do Q`);
    if (page.graphics) parts.push(page.graphics);
    for (const l of page.lines) {
      const at = l.turn
        ? `${l.turn === 'anticlockwise' ? '0 1 -1 0' : '0 -1 1 0'} ${l.x} ${l.y} Tm`
        : `${l.x} ${l.y} Td`;
      parts.push(`BT /F${l.winAnsi ? 2 : 1} ${l.size ?? 10} Tf ${at} (${escapePdfString(l.text)}) Tj ET`);
    }
    const stream = parts.join('\n');
    objects[contentId] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 ${winAnsiId} 0 R >> /XObject << /Im1 4 0 R >>${properties ? ` /Properties << ${properties} >>` : ''} >> ` +
      `/Contents ${contentId} 0 R >>`;
  }
  const ocProperties = layerIds.length
    ? ` /OCProperties << /OCGs [${layerIds.map((id) => `${id} 0 R`).join(' ')}] /D << /Order [${layerIds.map((id) => `${id} 0 R`).join(' ')}] >> >>`
    : '';
  objects[1] = `<< /Type /Catalog /Pages 2 0 R${ocProperties} >>`;
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  return pdfFile(objects);
}

/** The file of numbered objects (1 the catalog), with its cross-reference table. */
export function pdfFile(objects: readonly string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
