import type { DocumentKind } from '@kerf/contracts';

/**
 * What a file is, by its name and by its bytes (SPEC §5 document upload:
 * PDF, XLS/XLSX, DOC/DOCX, PPT/PPTX, JPEG, PNG, DWG, DXF; and OpenDocument ODS
 * spreadsheets). The extension says
 * what the user means; the first bytes must agree, and the last bytes must
 * show the file arrived whole.
 */
const EXTENSIONS: Record<string, DocumentKind> = {
  pdf: 'pdf',
  dxf: 'dxf',
  dwg: 'dwg',
  xlsx: 'xlsx',
  xls: 'xls',
  ods: 'ods',
  docx: 'docx',
  doc: 'doc',
  pptx: 'pptx',
  ppt: 'ppt',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
};

export const ACCEPTED_TYPES = 'PDF, XLS, XLSX, ODS, DOC, DOCX, PPT, PPTX, JPEG, PNG, DWG or DXF';

export function extensionOf(filename: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(filename.trim());
  return match ? match[1]!.toLowerCase() : '';
}

export function kindFromFilename(filename: string): DocumentKind | null {
  return EXTENSIONS[extensionOf(filename)] ?? null;
}

export const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  dxf: 'image/vnd.dxf',
  dwg: 'image/vnd.dwg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

type Container = 'pdf' | 'zip' | 'ole' | 'dwg' | 'dxf' | 'dxf-binary' | 'jpeg' | 'png';

const startsWith = (head: Buffer, bytes: number[] | string) =>
  typeof bytes === 'string'
    ? head.subarray(0, bytes.length).toString('latin1') === bytes
    : bytes.every((byte, i) => head[i] === byte);

/** The container format the first bytes show. */
export function sniff(head: Buffer): Container | null {
  if (startsWith(head, '%PDF-')) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (/^AC10\d\d/.test(head.subarray(0, 6).toString('latin1'))) return 'dwg';
  if (startsWith(head, 'AutoCAD Binary DXF')) return 'dxf-binary';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // ASCII DXF: group code 0 then SECTION (after optional 999 comments), as text.
  const text = head
    .subarray(0, 4096)
    .toString('latin1')
    .replace(/^\uFEFF/, '');
  if (/^\s*(999\r?\n[^\n]*\r?\n\s*)*0\r?\n\s*SECTION\b/.test(text)) return 'dxf';
  return null;
}

const EXPECTED: Record<DocumentKind, Container[]> = {
  pdf: ['pdf'],
  dxf: ['dxf', 'dxf-binary'],
  dwg: ['dwg'],
  xlsx: ['zip'],
  ods: ['zip'],
  docx: ['zip'],
  pptx: ['zip'],
  xls: ['ole'],
  doc: ['ole'],
  ppt: ['ole'],
  image: ['jpeg', 'png'],
};

/** Null when the bytes are what the name says; otherwise a message naming the file type. */
export function typeMismatch(filename: string, kind: DocumentKind, head: Buffer): string | null {
  const found = sniff(head);
  const ext = extensionOf(filename);
  const ok =
    found !== null &&
    EXPECTED[kind].includes(found) &&
    (kind !== 'image' || (ext === 'png' ? found === 'png' : found === 'jpeg'));
  if (ok) return null;
  return `The file type of ${filename} does not match its contents: it is named .${ext} but ${
    found ? `reads as ${found.toUpperCase().replace('-BINARY', ' (binary)')}` : 'is not a file Kerf reads'
  }. Upload a ${ACCEPTED_TYPES} file.`;
}

/** Parts an Office Open XML file must hold. */
const OOXML_PART: Partial<Record<DocumentKind, string>> = {
  docx: 'word/document.xml',
  xlsx: 'xl/workbook.xml',
  pptx: 'ppt/presentation.xml',
  ods: 'content.xml',
};

/**
 * Null when the end of the file shows it is whole; otherwise a message calling
 * it corrupt. `tail` is the last bytes (up to 64 KiB); `readRange` reads more
 * when a ZIP's central directory starts before them.
 */
export async function corruption(
  filename: string,
  kind: DocumentKind,
  head: Buffer,
  tail: Buffer,
  size: number,
  readRange: (start: number, end: number) => Promise<Buffer>,
): Promise<string | null> {
  const corrupt = (why: string) =>
    `${filename} is corrupt or truncated (${why}). Save or export it again and upload the new file.`;
  switch (sniff(head)) {
    case 'pdf':
      return /%%EOF/.test(tail.subarray(-1024).toString('latin1'))
        ? null
        : corrupt('the PDF has no end-of-file marker');
    case 'zip': {
      const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      if (eocd < 0 || eocd + 22 > tail.length) return corrupt('its ZIP directory is missing');
      const entries = tail.readUInt16LE(eocd + 10);
      const cdSize = tail.readUInt32LE(eocd + 12);
      const cdOffset = tail.readUInt32LE(eocd + 16);
      if (cdOffset + cdSize > size) return corrupt('its ZIP directory points past the end of the file');
      const tailStart = size - tail.length;
      const directory =
        cdOffset >= tailStart
          ? tail.subarray(cdOffset - tailStart, cdOffset - tailStart + cdSize)
          : await readRange(cdOffset, cdOffset + cdSize - 1);
      const names: string[] = [];
      for (let at = 0, i = 0; i < entries; i++) {
        if (directory.readUInt32LE(at) !== 0x02014b50) return corrupt('its ZIP directory is damaged');
        const nameLength = directory.readUInt16LE(at + 28);
        names.push(directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
        at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
        if (at > directory.length) return corrupt('its ZIP directory is damaged');
      }
      const part = OOXML_PART[kind];
      if (part && !names.includes(part))
        return `The file type of ${filename} does not match its contents: it is a ZIP archive without ${part}. Upload a ${ACCEPTED_TYPES} file.`;
      return null;
    }
    case 'ole': {
      const sectorShift = head.readUInt16LE(30);
      const sector = sectorShift === 12 ? 4096 : 512;
      return size >= 1024 && (size - sector) % 512 === 0 ? null : corrupt('its sectors are incomplete');
    }
    case 'dxf':
      return /\bEOF\s*$/.test(tail.toString('latin1')) ? null : corrupt('the DXF does not end with EOF');
    case 'jpeg': {
      const end = tail.subarray(-4096);
      return end.includes(Buffer.from([0xff, 0xd9])) ? null : corrupt('the image data stops early');
    }
    case 'png':
      return tail.subarray(-64).includes(Buffer.from('IEND', 'latin1')) ? null : corrupt('the image data stops early');
    default:
      return null;
  }
}
