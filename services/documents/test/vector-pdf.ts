/** PDFs written by hand for tests, so every length on them is known. */

/**
 * A vector PDF of `pages` letter pages: on each, a horizontal 180 pt line from
 * (100, 92) to (280, 92) in page points from the top left (y down; 700 from the
 * bottom in PDF space) labelled 10'-0", drawn as a path, not text. `padding`
 * bytes of an unreferenced stream make the file as large as a test needs.
 */
export function vectorPdf(pages: number, padding = 0): Buffer {
  const objects: string[] = [];
  const kids: number[] = [];
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  let next = 4;
  for (let page = 0; page < pages; page++) {
    const pageId = next++;
    const contentId = next++;
    kids.push(pageId);
    const stream = `1 w 100 700 m 280 700 l S\nBT /F1 10 Tf 170 706 Td (10'-0") Tj ET`;
    objects[contentId] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ` +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
  }
  if (padding > 0) {
    let filler = '';
    for (let i = 0; filler.length < padding; i++) filler += `${i.toString(36)} `;
    objects[next] = `<< /Length ${padding} >>\nstream\n${filler.slice(0, padding)}\nendstream`;
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
