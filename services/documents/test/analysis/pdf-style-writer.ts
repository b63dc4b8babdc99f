/**
 * Writes the exporter-style sheets of pdf-style-fixture.ts: Helvetica as /F1,
 * a Type3 font with a 1/100 em font matrix as /F3, a tiling pattern /P0, each
 * page's form XObjects, its /Rotate and MediaBox origin, and AutoCAD's hidden
 * "AutoCAD SHX Text" comments.
 */
import { pdfFile } from './pdf-fixture-writer';

/** A page as drawn: its content, size, turn, forms and SHX comments. */
export interface StyledPage {
  /** The page's content stream (PDF space). */
  content: string;
  /** MediaBox size as stored (before /Rotate). */
  width: number;
  height: number;
  rotate?: number;
  /** The MediaBox's lower-left corner (exporters do not all put it at 0 0). */
  origin?: [number, number];
  /** Hidden comments titled "AutoCAD SHX Text": the string and its rectangle (PDF space). */
  shx?: Array<{ contents: string; rect: [number, number, number, number] }>;
  /** Form XObjects by resource name: content in form space, its bounding box and matrix. */
  forms?: Record<string, { content: string; bbox: [number, number, number, number]; matrix?: number[] }>;
}

/** Type3 glyphs: every glyph 0.6 em wide (60 units of a 1/100 em font matrix). */
export const TYPE3_WIDTH = 0.6;

/** Latin-1 string literal (² is 0xB2 in WinAnsi and in the Type3 font's encoding). */
export function pdfString(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

function round(value: number, digits = 4): number {
  return +value.toFixed(digits);
}

/** Type3 glyph names of the characters the sheets use (WinAnsi codes). */
const GLYPH_NAMES: Record<string, string> = {
  ' ': 'space',
  '"': 'quotedbl',
  "'": 'quotesingle',
  ',': 'comma',
  '-': 'hyphen',
  '.': 'period',
  '/': 'slash',
  ':': 'colon',
  '=': 'equal',
  '²': 'twosuperior',
  ...Object.fromEntries(
    '0123456789'
      .split('')
      .map((d, i) => [d, ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][i]]),
  ),
  ...Object.fromEntries('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'.split('').map((c) => [c, c])),
};

/**
 * Writes the pages: Helvetica as /F1, a Type3 font with a 1/100 em font
 * matrix as /F3 (each glyph a small box, as SHX text plotted as a font), and
 * each page's forms as XObjects of its own.
 */
export function writeStyledPdf(pages: StyledPage[]): Buffer {
  const objects: string[] = [];
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  const glyph = '60 0 5 0 55 70 d1 10 0 40 70 re f';
  objects[5] = `<< /Length ${glyph.length} >>\nstream\n${glyph}\nendstream`;
  const codes = Object.keys(GLYPH_NAMES).map((c) => c.charCodeAt(0));
  const first = Math.min(...codes);
  const last = Math.max(...codes);
  const byCode = new Map(Object.entries(GLYPH_NAMES).map(([c, name]) => [c.charCodeAt(0), name]));
  const differences: string[] = [];
  for (let code = first; code <= last; code++) {
    const name = byCode.get(code);
    if (name) differences.push(`${code} /${name}`);
  }
  const widths = Array.from({ length: last - first + 1 }, (_, k) => (byCode.has(first + k) ? TYPE3_WIDTH * 100 : 0));
  objects[4] =
    `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 60 70] /FontMatrix [0.01 0 0 0.01 0 0] ` +
    `/CharProcs << ${[...new Set(byCode.values())].map((n) => `/${n} 5 0 R`).join(' ')} >> ` +
    `/Encoding << /Type /Encoding /Differences [${differences.join(' ')}] >> ` +
    `/FirstChar ${first} /LastChar ${last} /Widths [${widths.join(' ')}] /Resources << >> >>`;
  const fonts = '/Font << /F1 3 0 R /F3 4 0 R >> /Pattern << /P0 6 0 R >>';
  // A tiling pattern of 45° lines 4 pt apart.
  const tile = '0.3 w 0 0 m 4 4 l S';
  objects[6] =
    `<< /Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 4 4] /XStep 4 /YStep 4 ` +
    `/Resources << >> /Length ${tile.length} >>\nstream\n${tile}\nendstream`;
  let next = 7;
  const pageIds: number[] = [];
  for (const page of pages) {
    const formIds = new Map<string, number>();
    for (const name of Object.keys(page.forms ?? {})) formIds.set(name, next++);
    const xobjects = [...formIds].map(([name, id]) => `/${name} ${id} 0 R`).join(' ');
    const resources = `<< ${fonts}${xobjects ? ` /XObject << ${xobjects} >>` : ''} >>`;
    for (const [name, form] of Object.entries(page.forms ?? {})) {
      const body = form.content;
      objects[formIds.get(name)!] =
        `<< /Type /XObject /Subtype /Form /BBox [${form.bbox.join(' ')}]` +
        `${form.matrix ? ` /Matrix [${form.matrix.join(' ')}]` : ''} /Resources ${resources} ` +
        `/Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`;
    }
    // AutoCAD's SHX comments: Square annotations, hidden, titled and holding the string.
    const annotIds = (page.shx ?? []).map(({ contents, rect }) => {
      const id = next++;
      objects[id] =
        `<< /Type /Annot /Subtype /Square /F 2 /T (AutoCAD SHX Text) /Contents (${pdfString(contents)}) ` +
        `/Rect [${rect.map((v) => round(v)).join(' ')}] /C [] /BS << /W 0 >> >>`;
      return id;
    });
    const pageId = next++;
    const contentId = next++;
    pageIds.push(pageId);
    objects[contentId] =
      `<< /Length ${Buffer.byteLength(page.content, 'latin1')} >>\nstream\n${page.content}\nendstream`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [${mediaBox(page).join(' ')}]${page.rotate ? ` /Rotate ${page.rotate}` : ''} ` +
      `/Resources ${resources} /Contents ${contentId} 0 R` +
      `${annotIds.length ? ` /Annots [${annotIds.map((id) => `${id} 0 R`).join(' ')}]` : ''} >>`;
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  return pdfFile(objects);
}

function mediaBox(page: StyledPage): number[] {
  const [x, y] = page.origin ?? [0, 0];
  return [x, y, x + page.width, y + page.height];
}
