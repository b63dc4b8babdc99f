import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { EventOutbox, RpcErrors, isId, PROJECTS, type Projects } from '@kerf/platform';
import type {
  DocumentAnalysisResult,
  Document as DocumentMessage,
  SearchHit,
} from '@kerf/contracts/generated/kerf/documents';
import type { Schedule } from '@kerf/contracts';
import { UploadsService } from '../uploads/uploads.service';
import { Document } from './document.entity';

export function toDocumentMessage(document: Document): DocumentMessage {
  return {
    id: document.id,
    projectId: document.projectId,
    filename: document.filename,
    filetype: document.filetype,
    filesize: String(document.filesize),
    documentType: document.documentType,
    uploadedAt: document.uploadedAt.toISOString(),
    status: document.status,
    error: document.error ?? undefined,
    sha256: document.sha256,
    reanalysis: document.reanalysis ?? undefined,
  };
}

/** The stored analysis with its revision, the user's corrections, and a redone analysis under way. */
export function toAnalysisResult(document: Document, json: string): DocumentAnalysisResult {
  return {
    documentId: document.id,
    status: document.status,
    analysisJson: json,
    revision: document.analysisRevision,
    overridesJson: JSON.stringify(document.overrides ?? {}),
    reanalysis: document.reanalysis ?? undefined,
    reanalysisError: document.reanalysisError ?? undefined,
  };
}

/** Reads and deletes, each scoped to the acting user: another user's document is not found. */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly uploads: UploadsService,
    @Inject(PROJECTS) private readonly projects: Projects,
  ) {}

  async list(userId: string, projectId: string, documentType?: string): Promise<Document[]> {
    if (!isId(projectId)) throw RpcErrors.notFound('Project not found');
    await this.projects.getProject({ id: projectId });
    if (documentType && documentType !== 'project' && documentType !== 'bid')
      throw RpcErrors.invalid('documentType must be project or bid.');
    return this.dataSource.getRepository(Document).find({
      where: { projectId, userId, ...(documentType ? { documentType } : {}) },
      order: { uploadedAt: 'DESC' },
    });
  }

  async get(userId: string, id: string): Promise<Document> {
    const document = isId(id) ? await this.dataSource.getRepository(Document).findOneBy({ id, userId }) : null;
    if (!document) throw RpcErrors.notFound('Document not found');
    return document;
  }

  /** The acting user's document, locked for a change in this transaction; another user's is not found. */
  async lockOwned(manager: EntityManager, userId: string, id: string): Promise<Document> {
    const document = isId(id)
      ? await manager.findOne(Document, { where: { id, userId }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!document) throw RpcErrors.notFound('Document not found');
    return document;
  }

  /** The stored analysis as JSON; empty while it is pending or processing. */
  async analysis(userId: string, id: string): Promise<{ document: Document; json: string }> {
    const document = await this.get(userId, id);
    const [row] = (await this.dataSource.query(
      `SELECT analysis::text AS json FROM document_analyses WHERE document_id = $1`,
      [id],
    )) as Array<{ json: string }>;
    return { document, json: row?.json ?? '' };
  }

  /**
   * The acting user's documents of a project (those of `documentIds` when
   * given), newest first, each with its stored analysis as JSON without the
   * pages' text (Postgres strips it, so the text is neither sent nor parsed).
   * Ownership needs no call to projects: only the user's own rows are read.
   */
  async analyses(
    userId: string,
    projectId: string,
    documentIds: string[],
  ): Promise<Array<{ document: Document; json: string }>> {
    const documents = await this.ownDocuments(userId, projectId, documentIds);
    if (!documents.length) return [];
    const rows = (await this.dataSource.query(
      `SELECT document_id AS id,
              (CASE WHEN jsonb_typeof(analysis->'pages') = 'array'
                    THEN jsonb_set(analysis, '{pages}', (SELECT coalesce(jsonb_agg(page - 'text' ORDER BY at), '[]')
                                                           FROM jsonb_array_elements(analysis->'pages')
                                                                WITH ORDINALITY AS pages(page, at)))
                    ELSE analysis END)::text AS json
         FROM document_analyses WHERE document_id = ANY($1::uuid[])`,
      [documents.map((document) => document.id)],
    )) as Array<{ id: string; json: string }>;
    const json = new Map(rows.map((row) => [row.id, row.json]));
    return documents.map((document) => ({ document, json: json.get(document.id) ?? '' }));
  }

  /**
   * The text of each page of the acting user's analysed documents of a
   * project, read one document at a time (a drawing set holds millions of characters).
   */
  async *pageTexts(
    userId: string,
    projectId: string,
    documentIds: string[],
  ): AsyncGenerator<{ documentId: string; page: number; text: string }> {
    for (const document of await this.ownDocuments(userId, projectId, documentIds)) {
      const pages = (await this.dataSource.query(
        `SELECT (page->>'number')::int AS page, coalesce(page->>'text', '') AS text
           FROM document_analyses, jsonb_array_elements(
                  CASE WHEN jsonb_typeof(analysis->'pages') = 'array' THEN analysis->'pages' ELSE '[]' END
                ) WITH ORDINALITY AS pages(page, at)
          WHERE document_id = $1 ORDER BY at`,
        [document.id],
      )) as Array<{ page: number; text: string }>;
      for (const page of pages) yield { documentId: document.id, page: page.page, text: page.text };
    }
  }

  /**
   * The schedules read on the pages of the acting user's other analysed
   * documents of a project (a room finish schedule kept on another sheet set,
   * a spreadsheet or a Word file), newest document first, each with its
   * document and page. Only the pages' schedules are read out of the analyses.
   */
  async otherDocumentsSchedules(
    userId: string,
    projectId: string,
    exceptDocumentId: string,
  ): Promise<Array<{ documentId: string; filename: string; page: number; sheet?: string; schedules: Schedule[] }>> {
    if (!isId(projectId)) return [];
    const rows = (await this.dataSource.query(
      `SELECT d.id, d.filename, (page->>'number')::int AS page, page->>'sheetNumber' AS sheet, page->'schedules' AS schedules
         FROM documents d
         JOIN document_analyses a ON a.document_id = d.id,
              jsonb_array_elements(CASE WHEN jsonb_typeof(a.analysis->'pages') = 'array' THEN a.analysis->'pages' ELSE '[]' END)
                WITH ORDINALITY AS pages(page, at)
        WHERE d.user_id = $1 AND d.project_id = $2 AND d.id <> $3 AND a.analysis->>'status' = 'analyzed'
          AND jsonb_typeof(page->'schedules') = 'array'
        ORDER BY d.uploaded_at DESC, d.id, at`,
      [userId, projectId, exceptDocumentId],
    )) as Array<{ id: string; filename: string; page: number; sheet: string | null; schedules: Schedule[] }>;
    return rows.map((row) => ({
      documentId: row.id,
      filename: row.filename,
      page: row.page,
      ...(row.sheet ? { sheet: row.sheet } : {}),
      schedules: row.schedules,
    }));
  }

  /** The acting user's documents of a project, or of them those of `documentIds`, newest first. */
  private async ownDocuments(userId: string, projectId: string, documentIds: string[]): Promise<Document[]> {
    const ids = documentIds.filter(isId);
    if (!isId(projectId) || (documentIds.length && !ids.length)) return [];
    return this.dataSource.getRepository(Document).find({
      where: { projectId, userId, ...(ids.length ? { id: In(ids) } : {}) },
      order: { uploadedAt: 'DESC' },
    });
  }

  async delete(userId: string, id: string): Promise<void> {
    const document = await this.dataSource.transaction(async (manager) => {
      const found = isId(id)
        ? await manager.findOne(Document, { where: { id, userId }, lock: { mode: 'pessimistic_write' } })
        : null;
      if (!found) throw RpcErrors.notFound('Document not found');
      await manager.delete(Document, { id });
      await this.outbox.add(manager, 'document-deleted', { documentId: id, projectId: found.projectId });
      return found;
    });
    await this.uploads.deleteObject(document.storageKey);
  }

  async search(
    userId: string,
    input: { projectId: string; query: string; documentIds: string[]; limit: number },
  ): Promise<SearchHit[]> {
    if (!isId(input.projectId)) throw RpcErrors.notFound('Project not found');
    await this.projects.getProject({ id: input.projectId });
    const query = input.query.trim().slice(0, 500);
    if (!query) return [];
    const ids = input.documentIds.filter(isId);
    const rows = (await this.dataSource.query(
      `SELECT d.id, d.filename, p.page, p.sheet,
              ts_headline('english', p.body, q, 'MaxWords=40, MinWords=12, MaxFragments=2') AS snippet,
              ts_rank(p.tsv, q) AS rank
         FROM document_pages p
         JOIN documents d ON d.id = p.document_id, websearch_to_tsquery('english', $2) q
        WHERE p.project_id = $1 AND d.user_id = $3 AND p.tsv @@ q
          AND (cardinality($4::uuid[]) = 0 OR d.id = ANY($4::uuid[]))
        ORDER BY rank DESC, d.uploaded_at DESC, p.page
        LIMIT $5`,
      [input.projectId, query, userId, ids, Math.min(Math.max(input.limit || 10, 1), 50)],
    )) as Array<{ id: string; filename: string; page: number; sheet: string | null; snippet: string; rank: number }>;
    return rows.map((row) => ({
      documentId: row.id,
      filename: row.filename,
      page: row.page,
      sheet: row.sheet ?? undefined,
      snippet: row.snippet,
      rank: Number(row.rank),
    }));
  }
}
