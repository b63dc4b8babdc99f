/**
 * The text of a PDF page read from the same operator list as its geometry.
 * pdf.js's `getTextContent` parses the page's content stream a second time
 * (on a big CAD sheet, with its thousands of paths and inline images, that
 * costs as much as the operator list itself); the operator list already holds
 * every glyph that is shown, with its unicode and advance width, and the text
 * state operators that place it. This follows them as pdf.js's canvas does:
 * the text matrix, line moves and leading, font size, character and word
 * spacing, horizontal scaling and rise, and TJ adjustments. Each shown string
 * becomes one or more runs (a string is cut where an adjustment moves on by
 * more than a tenth of an em, as pdf.js's text content starts a new word
 * there); `linesOf` joins runs into lines as before.
 */
import type { PlacedRun } from './pdf-layout';

type Matrix = [number, number, number, number, number, number];

/** What the runs need of a font: its glyph space (1/1000 em for all but Type3 fonts) and writing mode. */
export interface FontMetrics {
  fontMatrix?: ArrayLike<number>;
  vertical?: boolean;
}

/** The fields of pdf.js's worker-side glyph objects that are read here. */
interface ShownGlyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

/** pdf.js's OPS codes for the text operators (a subset of its `OPS`). */
export interface TextOps {
  beginText: number;
  setFont: number;
  setTextMatrix: number;
  moveText: number;
  setLeadingMoveText: number;
  nextLine: number;
  setLeading: number;
  setCharSpacing: number;
  setWordSpacing: number;
  setHScale: number;
  setTextRise: number;
  showText: number;
  showSpacedText: number;
  nextLineShowText: number;
  nextLineSetSpacingShowText: number;
  beginAnnotation: number;
  endAnnotation: number;
}

/** The text state, saved and restored with the graphics state (PDF 32000 §9.3). */
interface TextState {
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  fontSize: number;
  font: FontMetrics | undefined;
}

/** A TJ adjustment that moves on by more than this share of an em starts a new word (pdf.js: 0.102). */
const WORD_GAP_EM = 0.1;
/** Runs closer than this share of an em are one word (as `linesOf` joins runs on a line). */
const JOIN_GAP_EM = 0.05;
/**
 * A string shown right after another in the same font, size and scale, starting back over its end by up
 * to this share of an em, carries on its word: a kerning pair (Chromium's and other Skia-based exporters
 * move the pen back before the glyphs after "KIT" or "BA", 0.05 em; Arial's largest pairs are 0.075 em).
 * Labels of other sizes printed over each other ("VCT-1" over "170", 0.08 em) stay apart.
 */
const KERNING_OVERLAP_EM = 0.25;
/**
 * Letters placed one at a time in the same font and scale (Skia's letter-spaced text) are one word across
 * gaps up to this share of an em: tracking. A word space is wider (0.25–0.32 em in common fonts), and
 * Skia shows the space glyph besides.
 */
const LETTER_SPACING_EM = 0.15;
/**
 * Wider tracking is told by its regular pitch: letters one at a time whose gaps repeat within this share
 * of an em are one word (the space put after the first of them is taken back); a word space adds its own
 * width, 0.25 em and more, to the tracking.
 */
const PITCH_TOLERANCE_EM = 0.08;
const IDENTITY_FONT_MATRIX = [0.001, 0, 0, 0.001, 0, 0];

export class PageTextReader {
  readonly runs: PlacedRun[] = [];
  private state: TextState = {
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    fontSize: 0,
    font: undefined,
  };
  private readonly stack: TextState[] = [];
  /** The text matrix, and the pen's position from it in text space (as pdf.js's canvas keeps them). */
  private textMatrix: Matrix = [1, 0, 0, 1, 0, 0];
  private x = 0;
  private y = 0;
  private lineX = 0;
  private lineY = 0;
  /** Annotations' appearances are not the page's text (pdf.js's text content leaves them out). */
  private annotationDepth = 0;
  /** The last run's direction (unit vector along its baseline) and end, for joining the next run to it. */
  private last:
    | {
        dx: number;
        dy: number;
        endX: number;
        endY: number;
        scale: number;
        letter: boolean;
        /** Letters placed one at a time: the gap between them so far (their tracking), and from how many. */
        pitch?: { gap: number; pairs: number };
        /** Where in its run the space before this letter was put, when one was. */
        spaceAt?: number;
      }
    | undefined;

  constructor(
    private readonly OPS: TextOps,
    private readonly fontOf: (loadedName: string) => FontMetrics | undefined,
    private readonly normalize: (text: string) => string = (text) => text,
  ) {}

  save(): void {
    this.stack.push({ ...this.state });
  }

  restore(): void {
    this.state = this.stack.pop() ?? this.state;
  }

  /** Follows one operator; `ctm` maps user space to page points. Returns whether it was a text operator. */
  read(fn: number, args: unknown[] | null | undefined, ctm: Matrix): boolean {
    const { OPS, state } = this;
    switch (fn) {
      case OPS.beginText:
        this.textMatrix = [1, 0, 0, 1, 0, 0];
        this.x = this.y = this.lineX = this.lineY = 0;
        return true;
      case OPS.setFont: {
        const [name, size] = args as [string, number];
        state.font = this.fontOf(name);
        state.fontSize = Number(size) || 0;
        return true;
      }
      case OPS.setTextMatrix: {
        // One argument, the matrix (pdf.js 6; earlier versions gave its six numbers as the arguments).
        const m = (typeof args?.[0] === 'object' ? args[0] : args) as ArrayLike<number>;
        this.textMatrix = [m[0], m[1], m[2], m[3], m[4], m[5]];
        this.x = this.y = this.lineX = this.lineY = 0;
        return true;
      }
      case OPS.moveText:
        this.moveText(Number(args?.[0]) || 0, Number(args?.[1]) || 0);
        return true;
      case OPS.setLeadingMoveText:
        state.leading = Number(args?.[1]) || 0;
        this.moveText(Number(args?.[0]) || 0, Number(args?.[1]) || 0);
        return true;
      case OPS.nextLine:
        this.moveText(0, state.leading);
        return true;
      case OPS.setLeading:
        // TL is the distance down to the next line.
        state.leading = -(Number(args?.[0]) || 0);
        return true;
      case OPS.setCharSpacing:
        state.charSpacing = Number(args?.[0]) || 0;
        return true;
      case OPS.setWordSpacing:
        state.wordSpacing = Number(args?.[0]) || 0;
        return true;
      case OPS.setHScale:
        state.hScale = (Number(args?.[0]) || 0) / 100;
        return true;
      case OPS.setTextRise:
        state.rise = Number(args?.[0]) || 0;
        return true;
      case OPS.beginAnnotation:
        this.annotationDepth++;
        return true;
      case OPS.endAnnotation:
        this.annotationDepth = Math.max(0, this.annotationDepth - 1);
        return true;
      case OPS.showText:
      case OPS.showSpacedText:
      case OPS.nextLineShowText:
      case OPS.nextLineSetSpacingShowText: {
        // pdf.js turns all four into showText (with the line move and spacing as operators of their own).
        const glyphs = args?.[0];
        if (Array.isArray(glyphs)) this.show(glyphs as Array<ShownGlyph | number | null>, ctm);
        return true;
      }
      default:
        return false;
    }
  }

  /**
   * Adds a run, or joins it to the run before when it carries on that run's
   * line where it ends (CAD exporters place words, or each character of
   * rotated text, one by one): as pdf.js's text content joins them, so a
   * rotated label ("3/4\" = 1'-0\"" written up the sheet) stays one line.
   */
  private place(run: PlacedRun, ax: number, ay: number): void {
    const length = Math.hypot(ax, ay);
    const dx = length > 0 ? ax / length : 1;
    const dy = length > 0 ? ay / length : 0;
    const previous = this.runs[this.runs.length - 1];
    const last = this.last;
    const letter = [...run.text].length === 1;
    const current: NonNullable<typeof this.last> = {
      dx,
      dy,
      endX: run.x + dx * run.width,
      endY: run.y + dy * run.width,
      scale: length,
      letter,
    };
    this.last = current;
    if (
      previous &&
      last &&
      Math.abs(previous.height - run.height) <= run.height * 0.01 &&
      dx * last.dx + dy * last.dy > 0.9999
    ) {
      const along = (run.x - last.endX) * dx + (run.y - last.endY) * dy;
      const across = Math.abs((run.y - last.endY) * dx - (run.x - last.endX) * dy);
      const sameScale = Math.abs(length - last.scale) <= length * 0.01;
      const overlap = run.height * (sameScale ? KERNING_OVERLAP_EM : JOIN_GAP_EM);
      if (across <= run.height * 0.05 && along >= -overlap && along <= run.height * WORD_GAP_EM * 5) {
        const tracked = sameScale && letter && last.letter;
        const pitch = tracked ? last.pitch : undefined;
        const regular = pitch !== undefined && Math.abs(along - pitch.gap) <= run.height * PITCH_TOLERANCE_EM;
        // The second gap repeats the first: the first was tracking too, not a word space.
        if (regular && pitch.pairs === 1 && last.spaceAt !== undefined)
          previous.text = previous.text.slice(0, last.spaceAt) + previous.text.slice(last.spaceAt + 1);
        const space =
          !regular &&
          along > run.height * (tracked ? LETTER_SPACING_EM : JOIN_GAP_EM) &&
          !previous.text.endsWith(' ') &&
          !run.text.startsWith(' ');
        if (space) current.spaceAt = previous.text.length;
        // A word space keeps the pitch of the letters before it.
        if (tracked)
          current.pitch = regular ? { gap: pitch.gap, pairs: pitch.pairs + 1 } : (pitch ?? { gap: along, pairs: 1 });
        previous.text += (space ? ' ' : '') + run.text;
        previous.width = (current.endX - previous.x) * dx + (current.endY - previous.y) * dy;
        return;
      }
      // A word further on along the same line ("168" then "SF", tracked wide): its letters keep the
      // pitch of the word before, so a word of two letters needs none of its own.
      if (across <= run.height * 0.05 && along > 0 && sameScale && letter && (last.pitch?.pairs ?? 0) > 1)
        current.pitch = last.pitch;
    }
    this.runs.push(run);
  }

  private moveText(x: number, y: number): void {
    this.x = this.lineX += x;
    this.y = this.lineY += y;
  }

  private show(glyphs: ReadonlyArray<ShownGlyph | number | null>, ctm: Matrix): void {
    const { state } = this;
    const fontSize = state.fontSize;
    if (fontSize === 0) return;
    const fontMatrix = state.font?.fontMatrix ?? IDENTITY_FONT_MATRIX;
    const vertical = state.font?.vertical === true;
    const direction = fontSize < 0 ? -1 : 1;
    const size = Math.abs(fontSize);
    const widthScale = size * (fontMatrix[0] || 0.001);
    // Text space to page points at the pen: the CTM after the text matrix.
    const tm = this.textMatrix;
    const a = [
      ctm[0] * tm[0] + ctm[2] * tm[1],
      ctm[1] * tm[0] + ctm[3] * tm[1],
      ctm[0] * tm[2] + ctm[2] * tm[3],
      ctm[1] * tm[2] + ctm[3] * tm[3],
      ctm[0] * tm[4] + ctm[2] * tm[5] + ctm[4],
      ctm[1] * tm[4] + ctm[3] * tm[5] + ctm[5],
    ];
    const advanceScale = Math.hypot(a[0], a[1]);
    const height = size * Math.hypot(a[2], a[3]);
    const horizontal = !vertical && Math.abs(a[1]) <= Math.abs(a[0]) * 1e-3 && a[0] * state.hScale * direction > 0;
    // Advances along the string, in text space before horizontal scaling. A run ends where its last
    // glyph does: exporters (Revit) follow each string with an adjustment taking back its last advance.
    let advance = 0;
    let runStart = 0;
    let runEnd = 0;
    let text = '';
    const flush = () => {
      if (text && this.annotationDepth === 0) {
        const startX = this.x + runStart * state.hScale;
        const y = this.y + state.rise;
        const ax = a[0] * state.hScale * direction;
        const ay = a[1] * state.hScale * direction;
        const run: PlacedRun = {
          text: this.normalize(text),
          x: a[0] * startX + a[2] * y + a[4],
          y: a[1] * startX + a[3] * y + a[5],
          width: Math.abs((runEnd - runStart) * state.hScale) * advanceScale,
          height,
          horizontal,
        };
        const length = Math.hypot(ax, ay);
        if (!horizontal && !vertical && length > 0) run.direction = { x: ax / length, y: ay / length };
        this.place(run, ax, ay);
      }
      text = '';
    };
    for (const glyph of glyphs) {
      if (typeof glyph === 'number') {
        // A TJ adjustment, in thousandths of text space; positive moves back.
        const move = (-glyph * size) / 1000;
        if (move > size * WORD_GAP_EM) {
          flush();
          advance += move;
          runStart = runEnd = advance;
        } else advance += move;
        continue;
      }
      if (!glyph) continue;
      const spacing = (glyph.isSpace ? state.wordSpacing : 0) + state.charSpacing;
      if (vertical) {
        text += glyph.unicode ?? '';
        continue;
      }
      advance += (glyph.width ?? 0) * widthScale + spacing * direction;
      const unicode = glyph.unicode ?? '';
      // A run spans its glyphs from the first to the last that is not blank (as pdf.js's text items).
      if (!unicode.trim()) {
        if (text) text += unicode;
        else runStart = runEnd = advance;
        continue;
      }
      runEnd = advance;
      text += unicode;
    }
    flush();
    if (!vertical) this.x += advance * state.hScale;
  }
}
