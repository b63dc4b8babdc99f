import type { UploadError } from '@/features/documents/api/documents';

/** SPEC §9: the client refuses files over 1024 MB; over 20 MB it warns that the upload takes a while. */
export const MAX_FILE_MB = 1024;
export const LARGE_FILE_MB = 20;
const MB = 1024 * 1024;

export const ACCEPT = '.pdf,.xls,.xlsx,.ods,.doc,.docx,.ppt,.pptx,.jpg,.jpeg,.png,.dwg,.dxf';

export function tooLarge(files: File[]): File[] {
  return files.filter((file) => file.size > MAX_FILE_MB * MB);
}

export function isLarge(files: File[]): boolean {
  return files.some((file) => file.size > LARGE_FILE_MB * MB);
}

export type UploadMessage = {
  title: string;
  description: string;
  /** The 402 toast offers 'Upgrade to Premium' (to /subscribe) and stays 10 s. */
  upgrade?: boolean;
  duration?: number;
};

/**
 * SPEC §8: what each way an upload can fail tells the user. The server keeps a
 * batch whole or not at all, so a failed upload of several files says that
 * none of them was stored (a retry will not duplicate any).
 */
export function uploadFailureMessage(error: UploadError, fileCount = 1): UploadMessage {
  const message = failureMessage(error);
  if (fileCount < 2) return message;
  return { ...message, description: `${message.description} None of the ${fileCount} files was uploaded.` };
}

function failureMessage(error: UploadError): UploadMessage {
  const { kind, status, body } = error;
  if (kind === 'timeout')
    return {
      title: 'Upload timed out',
      description:
        'The upload took longer than 15 minutes and was stopped. Check your connection, or split the upload into smaller files, and try again.',
    };
  if (kind === 'network')
    return {
      title: 'Upload failed',
      description: 'Network connection error. Check your internet connection and try again.',
    };
  if (status === 402 || body.isPremiumFeature || body.code === 'FREE_PLAN_LIMIT_EXCEEDED')
    return {
      title: 'Upgrade Required',
      description: `File size exceeds the free plan limit of ${body.maxFreeSize ?? 15} MB. Upgrade to upload larger files.`,
      upgrade: true,
      duration: 10_000,
    };
  const message = body.message ?? '';
  if (status === 413 || /too large/i.test(message))
    return {
      title: 'File too large',
      description: `${message || 'The file is too large to upload.'} Try a file under 30 MB, or split large drawing sets into several files.`,
    };
  if (/Project ID/i.test(message))
    return { title: 'Upload failed', description: 'Select a project before uploading files.' };
  if (/file type/i.test(message))
    return {
      title: 'Unsupported file type',
      description: `${message} Accepted: PDF, Excel, Word, PowerPoint, JPEG, PNG, DWG and DXF.`,
    };
  if (/corrupt|malformed|invalid/i.test(message)) return { title: 'File could not be read', description: `${message}` };
  if (/empty/i.test(message)) return { title: 'Upload failed', description: message };
  return { title: 'Upload failed', description: 'There was an error uploading your file(s). Please try again.' };
}
