import type { DocumentAnalysis } from '@kerf/contracts';
import type { SearchHit } from '@kerf/contracts/generated/kerf/documents';
import type { Documents } from '@kerf/platform';
import type { AnalysedDocument } from './sourced-quantity';

export interface LibraryDocument {
  id: string;
  filename: string;
  filetype: string;
  status: string;
  error?: string;
}

/** A question's reads of the documents service may take this long altogether per call. */
const READ_DEADLINE_MS = 10_000;

/** Whether the analysis' pages are to come with their text. */
export interface PageTextOption {
  pageText?: boolean;
}

/**
 * The documents one question may read: the selected ones of the project, or
 * all of them when none are selected. Every read goes through the documents
 * service as the acting user, so nobody reads another user's drawings. One
 * call brings every document with its analysis, without the pages' text;
 * the text (millions of characters in a drawing set) is asked for, in one more
 * call, only by the readers that need it (finish codes, legends, a sheet's words).
 */
export class DocumentLibrary {
  private loaded?: Promise<Array<{ document: LibraryDocument; analysis: DocumentAnalysis | null }>>;
  private readonly withText = new Map<string, Promise<DocumentAnalysis>>();

  constructor(
    private readonly documents: Documents,
    readonly projectId: string,
    private readonly selectedIds: readonly string[],
  ) {}

  private load() {
    this.loaded ??= (async () => {
      const call = this.documents.listAnalyses(
        { projectId: this.projectId, documentIds: [...this.selectedIds] },
        { deadlineMs: READ_DEADLINE_MS },
      );
      const loaded = [];
      for await (const { document: d, analysisJson, revision } of call) {
        loaded.push({
          document: { id: d.id, filename: d.filename, filetype: d.filetype, status: d.status, error: d.error },
          analysis: analysisJson
            ? // The revision travels beside the analysis: quantities quoted from it carry it in their origin.
              { ...(JSON.parse(analysisJson) as DocumentAnalysis), revision: revision || 1 }
            : null,
        });
      }
      return loaded;
    })();
    return this.loaded;
  }

  async list(): Promise<LibraryDocument[]> {
    return (await this.load()).map(({ document }) => document);
  }

  /** The analysis of one of this question's documents; null when it is not one of them or not analysed yet. */
  async analysis(documentId: string, options: PageTextOption = {}): Promise<DocumentAnalysis | null> {
    const found = (await this.load()).find(({ document }) => document.id === documentId);
    if (!found?.analysis) return null;
    if (!options.pageText) return found.analysis;
    return (
      await this.withPageText([{ id: documentId, filename: found.document.filename, analysis: found.analysis }])
    )[0]!.analysis;
  }

  async analysed(options: PageTextOption = {}): Promise<AnalysedDocument[]> {
    const analysed = (await this.load()).flatMap(({ document, analysis }) =>
      analysis ? [{ id: document.id, filename: document.filename, analysis }] : [],
    );
    return options.pageText ? this.withPageText(analysed) : analysed;
  }

  /** The documents with each page's text, fetched in one call for those with pages and not fetched before. */
  private async withPageText(documents: AnalysedDocument[]): Promise<AnalysedDocument[]> {
    const wanted = documents.filter((doc) => doc.analysis.pages?.length && !this.withText.has(doc.id));
    if (wanted.length) {
      const texts = (async () => {
        const byDocument = new Map<string, string[]>();
        const call = this.documents.getPageTexts(
          { projectId: this.projectId, documentIds: wanted.map((doc) => doc.id) },
          { deadlineMs: READ_DEADLINE_MS },
        );
        for await (const { documentId, text } of call)
          byDocument.set(documentId, [...(byDocument.get(documentId) ?? []), text ?? '']);
        return byDocument;
      })();
      for (const doc of wanted)
        this.withText.set(
          doc.id,
          texts.then((byDocument) => {
            // The texts come in the order of the analysis' pages.
            const pageTexts = byDocument.get(doc.id) ?? [];
            const pages = doc.analysis.pages!.map((page, i) => ({ ...page, text: pageTexts[i] ?? '' }));
            return { ...doc.analysis, pages };
          }),
        );
    }
    return Promise.all(
      documents.map(async (doc) => {
        const withText = this.withText.get(doc.id);
        return withText ? { ...doc, analysis: await withText } : doc;
      }),
    );
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
