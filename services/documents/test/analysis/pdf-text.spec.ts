/**
 * The page's text is read from the same operator list as its geometry (one
 * parse of the content, page-text.ts), and must come out as pdf.js's text
 * content gave it for the ways CAD exporters write text: strings with
 * per-glyph adjustments that take back the last glyph's advance (Revit),
 * horizontal scaling and character spacing, and rotated labels written one
 * character at a time.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import type { DocumentAnalysis } from '../../src/analysis/analysis.types';
import { PdfWorkerPort } from '../../src/analysis/pdf/pdf-worker-port';
import { writePdf } from './pdf-fixture-writer';

/** Helvetica's advance widths (1/1000 em) of the glyphs used below. */
const HELVETICA: Record<string, number> = {
  W: 944,
  A: 667,
  L: 556,
  P: 667,
  E: 667,
  R: 722,
  O: 778,
  F: 611,
  I: 278,
  C: 722,
  S: 667,
  ' ': 278,
  ':': 278,
};
const widthOf = (text: string, size: number) => ([...text].reduce((sum, c) => sum + HELVETICA[c], 0) * size) / 1000;

/** A string written as Revit writes it: each glyph nudged, and the last glyph's advance taken back at the end. */
function revitString(text: string, x: number, y: number, size: number): string {
  const glyphs = [...text].map((c, i) => `(${c}) ${i % 2 ? 6 : -6}`);
  return `BT /F1 ${size} Tf 1 0 0 1 ${x} ${y} Tm [${glyphs.join(' ')} () ${HELVETICA[text.at(-1)!] ?? 0}] TJ ET`;
}

/** A label written up the sheet (rotated 90°), each character placed on its own, as some exporters do. */
function rotatedByCharacter(text: string, x: number, y: number, size: number): string {
  const parts: string[] = [];
  let along = 0;
  for (const c of text) {
    parts.push(`BT /F1 ${size} Tf 0 1 -1 0 ${x} ${y + along} Tm (${c.replace(/[()\\]/g, '\\$&')}) Tj ET`);
    const w = /\d/.test(c) ? 556 : HELVETICA[c];
    along += (w * size) / 1000;
  }
  return parts.join('\n');
}

describe('PDF text read from the operator list', () => {
  let analysis: DocumentAnalysis;
  const actions = new Set<string>();
  let restore: (() => void) | undefined;

  before(async () => {
    // The analysis asks pdf.js's worker side for no text content: that second parse of the page is what this saves.
    const post = PdfWorkerPort.prototype.postMessage;
    PdfWorkerPort.prototype.postMessage = function (this: PdfWorkerPort, ...args: Parameters<typeof post>) {
      const action = (args[0] as { action?: unknown } | null)?.action;
      if (typeof action === 'string') actions.add(action);
      return post.apply(this, args);
    };
    restore = () => (PdfWorkerPort.prototype.postMessage = post);
    const size = 10;
    const graphics = [
      revitString('OFFICE', 100, 500, size),
      // Placed where OFFICE's last glyph ends (not where the pen was taken back to): one word.
      `BT /F1 ${size} Tf ${100 + widthOf('OFFICE', size)} 500 Td (S) Tj ET`,
      `BT /F1 ${size} Tf 100 488 Td (101) Tj ET`,
      // Half-width glyphs (Tz 50) with the next word placed where the first ends: one word.
      `BT /F1 ${size} Tf 50 Tz 100 400 Td (WALL) Tj ET`,
      `BT /F1 ${size} Tf 50 Tz ${100 + widthOf('WALL', size) / 2} 400 Td (PAPER) Tj ET`,
      // Character spacing widens a word (after each glyph, the last too): the next placed at its end joins it.
      `BT /F1 ${size} Tf 100 Tz 2 Tc 100 380 Td (PAPER) Tj ET`,
      `BT /F1 ${size} Tf 0 Tc ${100 + widthOf('PAPER', size) + 5 * 2} 380 Td (WALL) Tj ET`,
      rotatedByCharacter('SCALE 1:50', 40, 100, size),
    ].join('\n');
    analysis = await analyzeDocument(writePdf([{ lines: [], graphics }]), 'pdf');
  });
  after(() => restore?.());

  it('is analysed without pdf.js text content', () => {
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.ok(actions.has('GetOperatorList'), [...actions].join(', '));
    assert.ok(!actions.has('GetTextContent'), [...actions].join(', '));
  });

  it('ends a string at its last glyph where its exporter takes the advance back, and keeps the line under it apart', () => {
    const lines = analysis.pages![0].text.split('\n');
    assert.ok(lines.includes('OFFICES'), lines.join(' | '));
    assert.ok(lines.includes('101'), lines.join(' | '));
  });

  it('places words by their advance with horizontal scaling and character spacing', () => {
    const lines = analysis.pages![0].text.split('\n');
    assert.ok(lines.includes('WALLPAPER'), lines.join(' | '));
    assert.ok(lines.includes('PAPERWALL'), lines.join(' | '));
  });

  it('joins a rotated note written character by character into one line, and reads the scale from it', () => {
    const lines = analysis.pages![0].text.split('\n');
    assert.ok(lines.includes('SCALE 1:50'), lines.join(' | '));
    assert.equal(analysis.pages![0].scale?.note, '1:50');
  });
});
