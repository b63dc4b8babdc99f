/** What a question asks about (door, wall, slab…), the names a drawing gives it, and the material it stands for. */
import { categoryOf, isAnnotationName } from '@kerf/takeoff';

/** Words that name what a count, length or area is of, with the spellings a drawing uses. */
const SYNONYMS: Record<string, string[]> = {
  door: ['door', 'dr', 'puerta'],
  window: ['window', 'win', 'wdw', 'ventana'],
  toilet: ['toilet', 'wc', 'water closet', 'water-closet', 'closet'],
  sink: ['sink', 'lav', 'lavatory', 'basin'],
  outlet: ['outlet', 'receptacle', 'recept'],
  light: ['light', 'lighting', 'luminaire', 'fixture', 'troffer'],
  fixture: ['fixt', 'fixture', 'plumbing'],
  wall: ['wall', 'walls', 'partition', 'muro'],
  pipe: ['pipe', 'piping', 'plumb', 'water', 'sewer', 'drain'],
  column: ['column', 'col'],
};

const singular = (word: string) =>
  word
    .replace(/(ies)$/, 'y')
    .replace(/(ses|xes|ches|shes)$/, (m) => m.slice(0, -2))
    .replace(/s$/, '');

/** Words a pattern may catch where the subject goes that name none ("the total length", "what is its count"). */
const NOT_SUBJECTS = new Set([
  'the',
  'all',
  'total',
  'of',
  'overall',
  'whole',
  'entire',
  'combined',
  'its',
  'their',
  'is',
  'what',
  'a',
  'an',
  'gross',
  'net',
]);

/** The thing a question asks about: "how many doors" → door, "length of the walls" → wall. */
export function subjectOf(question: string): string | null {
  const q = question.toLowerCase();
  const patterns = [
    /how many\s+([a-z][a-z -]*?)(?:\s+(?:are|is|do|does|in|on|there|will|would|should|can)\b|[?.!,]|$)/,
    /(?:number|count|quantity|total)\s+of\s+(?:the\s+)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /\bcount\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:in|on)\b|[?.!,]|$)/,
    /(?:square footage|floor area)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /(?:length|linear feet|footage)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /how long\s+(?:are|is)\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:[?.!,]|$)/,
    /(?:area|square feet|sq ft|size)\s+of\s+(?:the\s+|all\s+(?:the\s+)?)?([a-z][a-z -]*?)(?:\s+(?:are|is|in|on)\b|[?.!,]|$)/,
    /(?:concrete|volume)\s+(?:for|of|in)\s+(?:the\s+)?([a-z][a-z -]*?)(?:\s+(?:at|with|if)\b|[?.!,]|$)/,
    // The thing before the measure: "the wall length", "the door count", "total pipe footage".
    /\b([a-z]+)\s+(?:count|lengths?|footage|linear footage|square footage)\b/,
    // Last: the patterns above name the subject more precisely ("concrete for the footings").
    /how much\s+(?:of\s+)?(?:the\s+)?([a-z][a-z -]*?)(?:\s+(?:is|are|do|does|will|would|in|on|for|at|with)\b|[?.!,]|$)/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(q);
    if (match?.[1]) {
      const words = match[1]
        .trim()
        .split(/\s+/)
        .filter((w) => !NOT_SUBJECTS.has(w));
      if (words.length) return singular(words[words.length - 1]!);
    }
  }
  return null;
}

function spellings(subject: string): string[] {
  for (const [key, names] of Object.entries(SYNONYMS))
    if (key === subject || names.includes(subject)) return [key, ...names];
  return [subject];
}

/**
 * Whether a drawing's element (a block, a layer) is the subject itself, not
 * annotation about it: a door's tag (DOOR-TAG, A-DOOR-IDEN) or a wall's hatch
 * (A-WALL-PATT) is not a door or a wall, unless annotation is what was asked for ("flags").
 */
export function isSubject(name: string, subject: string): boolean {
  return names(name, subject) && (!isAnnotationName(name) || isAnnotationName(subject));
}

/** Whether a drawing's name (a block, a layer, a room) is about the subject. */
export function names(name: string, subject: string): boolean {
  const lower = name.toLowerCase();
  const parts = lower.split(/[^a-z0-9]+/).filter(Boolean);
  // A short spelling ("dr", "wc") is a word of its own or a tag with a number ("DR1", "WC-2"), never
  // the start of another word: DRESSER is not a door.
  return spellings(subject).some((word) =>
    word.length <= 3
      ? parts.some((part) => part === word || (part.startsWith(word) && /^\d+$/.test(part.slice(word.length))))
      : lower.includes(word),
  );
}

/** How a material of each subject is named and filed. */
export const LABELS: Record<string, { plural: string; category: string }> = {
  door: { plural: 'Doors', category: 'Doors & windows' },
  window: { plural: 'Windows', category: 'Doors & windows' },
  toilet: { plural: 'Toilets', category: 'Plumbing fixtures' },
  sink: { plural: 'Sinks', category: 'Plumbing fixtures' },
  fixture: { plural: 'Fixtures', category: 'Plumbing fixtures' },
  outlet: { plural: 'Outlets', category: 'Electrical' },
  light: { plural: 'Lights', category: 'Electrical' },
  wall: { plural: 'Walls', category: 'Walls' },
  pipe: { plural: 'Pipe', category: 'Pipe' },
  column: { plural: 'Columns', category: 'Structure' },
};

/** The subject a drawing's name is about ("PUERTA" → door, "A-WALL" → wall), if any. */
export function subjectNamed(name: string): string | null {
  return Object.keys(SYNONYMS).find((key) => names(name, key)) ?? null;
}

/** A material's name and category: "Doors (PUERTA)", "Walls (A-WALL)", or the name the drawing gives it. */
export function materialOf(what: string, ref: string, subject?: string | null): { name: string; category: string } {
  const key = subject && LABELS[subject] ? subject : subjectNamed(ref);
  const label = key ? LABELS[key] : undefined;
  // An xref-bound name (plan$0$A-WALL) is read without its drawing's prefix.
  const [shortWhat, shortRef] = [what, ref].map((name) => name.replace(/^.*\$\d+\$/, ''));
  if (!label) return { name: what === ref ? shortRef! : `${shortWhat!} (${shortRef!})`, category: categoryOf(what) };
  return { name: `${label.plural} (${shortRef!})`, category: label.category };
}
