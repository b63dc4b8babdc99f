/**
 * Sheet number and title from a drawing's title block: the values under (or
 * beside) labels such as "Drawing Number" and "Sheet Title", else the largest
 * sheet-number-shaped text near the sheet's right or bottom edge.
 */
import type { TextLine } from './pdf-layout';

const SHEET_NUMBER = /^(?:[A-Z]{1,3}[-.]?\d{1,4}(?:[.-]\d{1,3})?[A-Z]?|\d{1,2}[.-]\d{1,3})$/;
const NUMBER_LABEL = /^(?:drawing|sheet|dwg\.?)\s*(?:number|no\.?|#)\s*:?$/i;
const TITLE_LABEL = /^(?:drawing|sheet)\s+title\s*:?$|^title\s*:?$/i;

export interface TitleBlock {
  sheetNumber?: string;
  title?: string;
}

/** Lines just below a label (within a few line heights, roughly left-aligned with it), top first. */
function valuesUnder(label: TextLine, lines: TextLine[]): TextLine[] {
  return lines
    .filter(
      (l) =>
        l !== label &&
        l.y > label.y &&
        l.y - label.y <= label.height * 6 &&
        l.x >= label.x - label.height * 2 &&
        l.x <= label.right + label.height * 2,
    )
    .sort((a, b) => a.y - b.y);
}

export function readTitleBlock(lines: TextLine[], pageWidth: number, pageHeight: number): TitleBlock {
  const block: TitleBlock = {};
  // Title blocks sit along the right edge or the bottom of a sheet.
  const inTitleArea = (l: TextLine) => l.x > pageWidth * 0.6 || l.y > pageHeight * 0.75;
  const candidates = lines.filter(inTitleArea);

  for (const label of candidates.filter((l) => NUMBER_LABEL.test(l.text))) {
    const value = valuesUnder(label, candidates).find((l) => SHEET_NUMBER.test(l.text));
    if (value) {
      block.sheetNumber = value.text;
      break;
    }
  }
  if (!block.sheetNumber) {
    const numbers = candidates.filter((l) => SHEET_NUMBER.test(l.text));
    const tallest = Math.max(0, ...numbers.map((l) => l.height));
    const typical = medianHeight(lines);
    // The sheet number is printed larger than anything else in the title block.
    const best = numbers.filter((l) => l.height === tallest && l.height >= typical * 1.8);
    if (best.length === 1) block.sheetNumber = best[0].text;
  }

  for (const label of candidates.filter((l) => TITLE_LABEL.test(l.text))) {
    const values = valuesUnder(label, candidates).filter(
      (l) => !NUMBER_LABEL.test(l.text) && /[A-Za-z]{2,}/.test(l.text),
    );
    if (values.length === 0) continue;
    // A title may wrap: keep following lines of the same size that continue right below.
    const parts = [values[0]];
    const upperCase = values[0].text === values[0].text.toUpperCase();
    for (const next of values.slice(1)) {
      const previous = parts[parts.length - 1];
      if (Math.abs(next.height - previous.height) > 0.5 || next.y - previous.y > previous.height * 1.8) break;
      // The next field's labels ("Issue Date", "Drawn") are not part of an upper-case title.
      if (upperCase && next.text !== next.text.toUpperCase()) break;
      if (Math.abs(next.x - values[0].x) > previous.height * 2) break;
      parts.push(next);
    }
    block.title = parts.map((l) => l.text).join(' ');
    break;
  }
  return block;
}

function medianHeight(lines: TextLine[]): number {
  const heights = lines.map((l) => l.height).sort((a, b) => a - b);
  return heights.length ? heights[Math.floor(heights.length / 2)] : 0;
}
