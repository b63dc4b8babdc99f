import type { ProjectDocument } from '@/features/documents/api/documents';

/** How a document's analysis state shows as a badge, wherever documents are listed. */
export const DOCUMENT_STATUS: Record<
  ProjectDocument['status'],
  { label: string; variant: 'default' | 'secondary' | 'destructive' }
> = {
  pending: { label: 'Waiting', variant: 'secondary' },
  processing: { label: 'Analyzing', variant: 'secondary' },
  analyzed: { label: 'Analyzed', variant: 'default' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/** A document whose analysis is being redone after a correction: its figures are the previous ones meanwhile. */
export const REANALYSIS_STATUS = { label: 'Recomputing', variant: 'secondary' } as const;
