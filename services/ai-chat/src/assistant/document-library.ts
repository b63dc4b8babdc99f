import type { DocumentAnalysis } from '@kerf/contracts';
import type { serviceClient } from '@kerf/platform';
import type { DocumentsServiceClient, SearchHit } from '@kerf/contracts/generated/kerf/documents';
import type { AnalysedDocument } from './local-analyst';

export type Documents = ReturnType<typeof serviceClient<DocumentsServiceClient>>;

export interface LibraryDocument {
  id: string;
  filename: string;
  filetype: string;
  status: string;
  error?: string;
}

/**
 * The documents one question may read: the selected ones of the project, or
 * all of them when none are selected. Every read goes through the documents
 * service as the acting user, so nobody reads another user's drawings; each
 * analysis is fetched at most once per question.
 */
export class DocumentLibrary {
  private listed?: Promise<LibraryDocument[]>;
  private readonly analyses = new Map<string, Promise<DocumentAnalysis | null>>();

  constructor(
    private readonly documents: Documents,
    readonly projectId: string,
    private readonly selectedIds: readonly string[],
  ) {}

  list(): Promise<LibraryDocument[]> {
    this.listed ??= this.documents
      .listDocuments({ projectId: this.projectId })
      .then(({ documents }) =>
        (documents ?? [])
          .filter((d) => !this.selectedIds.length || this.selectedIds.includes(d.id))
          .map((d) => ({ id: d.id, filename: d.filename, filetype: d.filetype, status: d.status, error: d.error })),
      );
    return this.listed;
  }

  /** The analysis of one of this question's documents; null when it is not one of them or not analysed yet. */
  async analysis(documentId: string): Promise<DocumentAnalysis | null> {
    const document = (await this.list()).find((d) => d.id === documentId);
    if (!document) return null;
    let analysis = this.analyses.get(documentId);
    if (!analysis) {
      analysis = this.documents.getAnalysis({ id: documentId }).then((result) =>
        result.analysisJson
          ? // The revision travels beside the analysis: quantities quoted from it carry it in their origin.
            { ...(JSON.parse(result.analysisJson) as DocumentAnalysis), revision: result.revision || 1 }
          : null,
      );
      this.analyses.set(documentId, analysis);
    }
    return analysis;
  }

  async analysed(): Promise<AnalysedDocument[]> {
    const documents = await this.list();
    const analyses = await Promise.all(documents.map((document) => this.analysis(document.id)));
    return documents.flatMap((document, i) => {
      const analysis = analyses[i];
      return analysis ? [{ id: document.id, filename: document.filename, analysis }] : [];
    });
  }

  /** The Postgres full-text index of the documents' text, best match first. */
  async search(query: string, limit: number): Promise<SearchHit[]> {
    const ids = (await this.list()).map((d) => d.id);
    if (!ids.length) return [];
    const { hits } = await this.documents.searchDocuments({
      projectId: this.projectId,
      query,
      documentIds: ids,
      limit,
    });
    return hits ?? [];
  }
}
