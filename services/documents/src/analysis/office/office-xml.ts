/** Text out of Office Open XML parts (DOCX, PPTX), read straight from the ZIP. */
import { unzipSync } from 'fflate';
import { DocumentReadError } from '../document-read-error';

export function unzipParts(bytes: Buffer, wanted: (name: string) => boolean, what: string): Record<string, string> {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) {
    throw new DocumentReadError(`The file is not a ${what} document (it is not a ZIP package).`);
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(bytes), { filter: (file) => wanted(file.name) });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new DocumentReadError(`The ${what} file is corrupt or truncated: ${detail}.`);
  }
  const decoder = new TextDecoder('utf-8');
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, decoder.decode(data)]));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? match;
  });
}

/**
 * Paragraph text of WordprocessingML or DrawingML: runs (`w:t`, `a:t`) joined,
 * tabs and breaks kept, one line per paragraph; table cells separated by tabs.
 */
export function paragraphsOf(xml: string, prefix: 'w' | 'a'): string[] {
  const lines: string[] = [];
  let line = '';
  const token = new RegExp(
    `<${prefix}:t(?:\\s[^>]*)?>([^<]*)</${prefix}:t>|<${prefix}:(tab|br)\\b[^>]*/>|</${prefix}:(p|tc)>|<${prefix}:t\\s*/>`,
    'g',
  );
  for (const match of xml.matchAll(token)) {
    if (match[1] !== undefined) line += decodeXmlText(match[1]);
    else if (match[2] === 'tab') line += '\t';
    else if (match[2] === 'br') line += '\n';
    else if (match[3] === 'tc') line += '\t';
    else if (match[3] === 'p') {
      if (line.trim()) lines.push(line.replace(/\t+$/, ''));
      line = '';
    }
  }
  if (line.trim()) lines.push(line);
  return lines;
}
