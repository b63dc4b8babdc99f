/**
 * Finish codes (VCT-1, CPT, PT-1…) as the sheets write them: what is a code,
 * the codes the documents use, their legend entries and descriptions, and the
 * codes a question asks about.
 */
import type { AnalysedDocument } from '../sourced-quantity';
import { pagesOf, words } from './sheet-pages';

/**
 * A code as drawings write them: a short upper-case family, optionally with a
 * number (VCT, VCT-1, PT-1, ACT2, RES-W, GWB); P1- and PT-/ are typos drawings carry.
 */
export const CODE = /^[A-Z]{1,5}(?:-?[0-9]{1,3}[A-Z]?|-[A-Z]{1,2})?$/;

/** The family of a code: VCT-1 → VCT, ACT2 → ACT, RES-W → RES-W. */
export const familyOf = (code: string) => code.replace(/-?[0-9]{1,3}[A-Z]?$/, '');

/** The codes a cell or a line of text holds: "CPT-1/VCT-1" → CPT-1, VCT-1; "GYP BD (P-2)" → P-2 only. */
export function codesIn(text: string): string[] {
  return text
    .split(/[\s/,&+;()]+/)
    .map((token) => token.replace(/^[^A-Z0-9]+|[^A-Z0-9]+$/g, ''))
    .filter((token) => CODE.test(token) && (/\d/.test(token) || token.length >= 2));
}

/** Whether a written code is the asked one: the same code, or of the asked family (VCT asks for VCT-1 and VCT-2). */
export function codeMatches(written: string, asked: string): boolean {
  if (written === asked) return true;
  return !/\d/.test(asked) && familyOf(written) === asked && written !== asked.replace(/-$/, '');
}

/** Words a drawing's codes coincide with that a question uses as words ("at", "as", "or"): never taken for a code. */
const ENGLISH = new Set(
  (
    'a an as at be by do go he if in is it me my no of on or so to up us we am are can did for get has how its may ' +
    'not now one our out see the two use was who why yes all any and but few got had her him his new off old own ' +
    'say she too way you room rooms area floor wall walls base ceiling door doors finish finishes each plan sheet ' +
    'page type what which where does they them have with from that this into'
  ).split(' '),
);

/** The code vocabulary of the documents: every code written in a schedule cell or a legend line, by family. */
export function codeVocabulary(documents: AnalysedDocument[]): Set<string> {
  const known = new Set<string>();
  for (const doc of documents)
    for (const page of pagesOf(doc)) {
      // In a schedule, a numbered code (VCT-1, P-2): its remarks' words (MATCH EXIST, SEE PLAN) are no codes.
      for (const schedule of page.schedules ?? [])
        for (const row of schedule.rows)
          for (const cell of row) for (const code of codesIn(cell)) if (/\d/.test(code)) add(code);
      for (const legend of legendEntries(page.text)) add(legend.code);
      // A plan's tags without a legend (VCT-1 beside a room name): a numbered code of letters.
      for (const code of codesIn(page.text)) if (/^[A-Z]{2,5}-?\d/.test(code)) add(code);
    }
  // A sheet number (AF600, A-101) names a sheet, not a finish.
  for (const doc of documents)
    for (const page of pagesOf(doc))
      if (page.sheetNumber) {
        known.delete(page.sheetNumber);
        if (
          familyOf(page.sheetNumber) !== page.sheetNumber &&
          ![...known].some((c) => c !== page.sheetNumber && familyOf(c) === familyOf(page.sheetNumber!))
        )
          known.delete(familyOf(page.sheetNumber));
      }
  return known;
  function add(code: string) {
    known.add(code);
    known.add(familyOf(code));
  }
}

/** "LVT LUXURY VINYL TILE" → { code: 'LVT', description: 'LUXURY VINYL TILE' }; a legend or abbreviations line. */
export function legendEntry(line: string): { code: string; description: string } | null {
  const match =
    /^([A-Z]{1,5}(?:-?[0-9]{1,3}[A-Z]?|-[A-Z]{1,2})?)(?:\s*\([A-Z]{1,4}\))?\s+([A-Z][A-Z ,/()&'.-]{3,})$/.exec(
      line.trim(),
    );
  if (!match) return null;
  const [code, description] = [match[1]!, match[2]!.trim()];
  // A heading ("ROOM FINISH LEGEND &") or a sentence is no legend entry: an entry names a material in a few words.
  if (description.split(/\s+/).length > 8 || /\b(LEGEND|SCHEDULE|NOTES?|PLAN)\b/.test(description)) return null;
  // Nor is a run of tags ("CG CG CG"): a description has a word.
  if (!description.split(/[\s/(),&-]+/).some((word) => word.length >= 4 && !CODE.test(word))) return null;
  // And its code abbreviates them (LVT: LUXURY VINYL TILE, GWB: GYPSUM WALLBACK…): "FLOOR FINISH" is a heading.
  return abbreviates(familyOf(code).replace(/-/g, ''), description) ? { code, description } : null;
}

/**
 * The legend entries of a page's text: "LVT LUXURY VINYL TILE" on one line, or
 * the code on a line of its own with its description on the next (as a
 * legend's two columns are often read), each with the lines it takes.
 */
export function legendEntries(text: string): Array<{ code: string; description: string; lines: number[] }> {
  const lines = text.split('\n');
  const entries: Array<{ code: string; description: string; lines: number[] }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const same = legendEntry(line);
    if (same) {
      entries.push({ ...same, lines: [i] });
      continue;
    }
    const next = lines[i + 1]?.trim() ?? '';
    if (CODE.test(line) && !CODE.test(next)) {
      const split = legendEntry(`${line} ${next}`);
      if (split) {
        entries.push({ ...split, lines: [i, i + 1] });
        i++;
      }
    }
  }
  return entries;
}

/** Whether the letters of a code start its description's first word and follow in order through it. */
function abbreviates(letters: string, description: string): boolean {
  const text = description.toUpperCase().replace(/[^A-Z]/g, '');
  if (!letters || text[0] !== letters[0]) return false;
  let at = 0;
  for (const letter of letters) {
    at = text.indexOf(letter, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** Codes a question writes in capitals that the documents' vocabulary does not hold: "which rooms get LVT?" on sheets without it. */
export function unknownCodesAsked(question: string, vocabulary: Set<string>): string[] {
  return (question.match(/\b[A-Z]{2,5}(?:-?[0-9]{1,3}[A-Z]?)?\b/g) ?? []).filter(
    (token) => !vocabulary.has(token) && !ENGLISH.has(token.toLowerCase()),
  );
}

/** The codes a question asks about, as the documents write them: "which rooms get vct?" → VCT. */
export function codesAsked(question: string, vocabulary: Set<string>): string[] {
  const asked: string[] = [];
  for (const token of question.split(/[\s,;:?!"'()]+/)) {
    const bare = token.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
    if (!bare) continue;
    const upper = bare.toUpperCase();
    if (!CODE.test(upper) || !vocabulary.has(upper)) continue;
    // A word the question uses as a word ("at", "room") is a code only when written in capitals.
    const written = bare === upper && /[A-Z]/.test(bare);
    if (!written && (ENGLISH.has(bare.toLowerCase()) || bare.length < 3)) continue;
    if (!asked.includes(upper)) asked.push(upper);
  }
  return asked;
}

/**
 * The codes whose legend or material schedule description holds every word of
 * a material ("carpet" → CPT-1, CPT-2; "ceramic tile" → CT, PT-1…), a family
 * standing for its numbered codes.
 */
export function codesDescribedAs(material: string, documents: AnalysedDocument[]): string[] {
  const wanted = words(material).filter((w) => w.length > 2);
  const codes = new Set<string>();
  const holds = (description: string) => {
    const said = new Set(words(description).map((w) => w.replace(/s$/, '')));
    return wanted.length > 0 && wanted.every((w) => said.has(w.replace(/s$/, '')));
  };
  for (const doc of documents)
    for (const page of pagesOf(doc)) {
      for (const legend of legendEntries(page.text)) if (holds(legend.description)) codes.add(legend.code);
      for (const schedule of page.schedules ?? [])
        for (const row of schedule.rows) {
          const [first, second] = [row[0]?.trim() ?? '', row[1] ?? ''];
          if (CODE.test(first) && /\d/.test(first) && holds(second)) codes.add(first);
        }
    }
  return [...codes].filter((code) => familyOf(code) === code || !codes.has(familyOf(code)));
}
