/**
 * SPEC §5 chat attachment: PDF, JPEG, PNG, JPG, docx, DWG and DXF, recognised
 * by MIME type or by extension (drawings often arrive with an empty or generic
 * type), sent one at a time; SPEC §8 says what the user is told.
 */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'jpeg', 'jpg', 'png', 'docx', 'dwg', 'dxf'] as const;

export const ATTACHMENT_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/png',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/vnd.dwg',
  'image/x-dwg',
  'application/acad',
  'application/dwg',
  'application/x-dwg',
  'image/vnd.dxf',
  'image/x-dxf',
  'application/dxf',
  'application/x-dxf',
] as const;

/** The file picker's filter; the check below still runs on what was picked or dropped. */
export const ATTACHMENT_ACCEPT = [
  ...ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`),
  ...ATTACHMENT_MIME_TYPES,
].join(',');

export const INVALID_FILE_HELP = 'Please upload supported files only (PDF, image, Word doc, DWG, or DXF).';

export const invalidFileTitle = (filename: string) => `Invalid file: ${filename}`;

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** Accepted when either the MIME type or the extension is one of the supported kinds. */
export function isSupportedAttachment(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  return (
    (ATTACHMENT_MIME_TYPES as readonly string[]).includes(type) ||
    (ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
  );
}

/** Splits a pick into the files to send (in their order) and the ones refused. */
export function sortAttachments<T extends { name: string; type: string }>(files: T[]): { valid: T[]; invalid: T[] } {
  const valid: T[] = [];
  const invalid: T[] = [];
  for (const file of files) (isSupportedAttachment(file) ? valid : invalid).push(file);
  return { valid, invalid };
}

export type AttachmentToast = { title: string; description: string; destructive: boolean };

/**
 * What the chat says once the files have been sent (SPEC §8 chat upload):
 * nothing when all went through (the file messages show them), 'Partial upload
 * success' with the counts when some failed, 'Upload failed' when none did.
 * `reason` is the friendly reason of the last failure, added when none went through.
 */
export function attachmentOutcome(uploaded: number, failed: number, reason?: string): AttachmentToast | null {
  if (failed === 0) return null;
  if (uploaded === 0)
    return {
      title: 'Upload failed',
      description: ['None of the selected files could be uploaded.', reason].filter(Boolean).join(' '),
      destructive: true,
    };
  return {
    title: 'Partial upload success',
    description: `${uploaded} uploaded, ${failed} failed`,
    destructive: false,
  };
}
