import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DataSource, type EntityManager } from 'typeorm';
import type { DocumentAnalysis } from '@kerf/contracts';
import { EventOutbox, S3_CLIENT, S3_CONFIG, type S3Config } from '@kerf/platform';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config';
import { Document } from '../documents/document.entity';
import { TakeoffItemsService } from '../takeoff/takeoff-items.service';
import { analyzeInChildProcess, discardSpareAnalysisChildren, prepareAnalysisChild } from './analysis-runner';

const MAX_ATTEMPTS = 3;
/** The advisory lock key of a document being analysed ($1: its id). */
const ANALYSIS_LOCK = `hashtextextended('kerf-analysis:' || $1::text, 0)`;
/** Seconds between claiming a document and locking it that a 'processing' document is left alone. */
const CLAIM_GRACE_S = 10;

/**
 * Analyses pending documents one at a time (the machine's memory, not its
 * cores, bounds a DWG read): claims the oldest pending document, copies it
 * from S3 to a temporary file, reads it in a child process, and stores the
 * analysis, its searchable text and the status in one transaction with
 * document-analyzed. A document left 'processing' by a crash is taken up again,
 * at most three times.
 *
 * A document the user corrected (drawing units, a page's scale) is analysed
 * again the same way with its overrides: its previous analysis stays readable
 * until the new one is stored with the next revision; a failure keeps it and
 * says why.
 */
@Injectable()
export class AnalysisQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AnalysisQueue');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(S3_CONFIG) private readonly s3Config: S3Config,
    @Inject(DOCUMENTS_CONFIG) private readonly config: DocumentsConfig,
    private readonly takeoffItems: TakeoffItemsService,
  ) {}

  onApplicationBootstrap(): void {
    void prepareAnalysisChild(this.config.ANALYSIS_MAX_OLD_SPACE_MB);
    this.timer = setInterval(() => this.wake(), 1_000);
    this.timer.unref();
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
    discardSpareAnalysisChildren();
  }

  /** Starts working through the pending documents unless already doing so. */
  wake(): void {
    if (this.running || this.stopping) return;
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn(`analysis queue: ${String(error)}`))
      .finally(() => (this.running = undefined));
  }

  private async drain(): Promise<void> {
    await this.requeueStale();
    for (let claimed = await this.claim(); claimed && !this.stopping; claimed = await this.claim()) {
      const held = await this.holdAnalysisLock(claimed.document.id);
      try {
        await this.analyze(claimed.document, claimed.redo);
      } finally {
        await held.release();
      }
    }
  }

  /**
   * A session-level advisory lock on the document for as long as it is being
   * read: Postgres lets it go when the connection closes, so a process that
   * died mid-analysis (killed, out of memory) leaves a 'processing' document
   * whose lock is free, which any replica can tell from one still being read.
   */
  private async holdAnalysisLock(documentId: string): Promise<{ release(): Promise<void> }> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    await runner.query(`SELECT pg_advisory_lock(${ANALYSIS_LOCK})`, [documentId]);
    return {
      release: async () => {
        await runner.query(`SELECT pg_advisory_unlock(${ANALYSIS_LOCK})`, [documentId]).catch(() => undefined);
        await runner.release().catch(() => undefined);
      },
    };
  }

  /**
   * Takes up again what a dead process left 'processing': at once when no
   * process holds its analysis lock (after a short grace covering the moment
   * between claiming and locking), else after two time limits.
   */
  private async requeueStale(): Promise<void> {
    const limits = [(2 * this.config.ANALYSIS_TIMEOUT_MS) / 1000, MAX_ATTEMPTS, CLAIM_GRACE_S];
    const abandoned = `(processing_started_at < now() - make_interval(secs => $1)
        OR (processing_started_at < now() - make_interval(secs => $3) AND pg_try_advisory_xact_lock(${ANALYSIS_LOCK.replace('$1', 'id::text')})))`;
    await this.dataSource.query(
      `UPDATE documents SET status = CASE WHEN analysis_attempts >= $2 THEN 'failed' ELSE 'pending' END,
              error = CASE WHEN analysis_attempts >= $2 THEN 'Reading this file failed repeatedly. Save or export it again and upload the new file.' ELSE error END
        WHERE status = 'processing' AND ${abandoned}`,
      limits,
    );
    await this.dataSource.query(
      `UPDATE documents SET reanalysis = CASE WHEN analysis_attempts >= $2 THEN NULL ELSE 'pending' END,
              reanalysis_error = CASE WHEN analysis_attempts >= $2 THEN 'Reading this file again with your correction failed repeatedly; the figures shown are from before it.' ELSE reanalysis_error END
        WHERE reanalysis = 'processing' AND ${abandoned}`,
      limits,
    );
  }

  /**
   * The oldest document waiting for its first analysis or for one redone after
   * a correction. `redo` is true for the latter: its status stays as it was (the
   * previous analysis is still the one to read) and `reanalysis` says processing.
   */
  private async claim(): Promise<{ document: Document; redo: boolean } | null> {
    const rows = (await this.dataSource.query(
      `UPDATE documents
          SET status = CASE WHEN status = 'pending' THEN 'processing' ELSE status END,
              reanalysis = CASE WHEN status = 'pending' THEN reanalysis ELSE 'processing' END,
              processing_started_at = now(), analysis_attempts = analysis_attempts + 1
        WHERE id = (SELECT id FROM documents
                     WHERE status = 'pending' OR (reanalysis = 'pending' AND status IN ('analyzed', 'failed'))
                     ORDER BY uploaded_at FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING id, status <> 'processing' AS redo`,
    )) as [Array<{ id: string; redo: boolean }>, number] | Array<{ id: string; redo: boolean }>;
    const list = (Array.isArray(rows[0]) ? rows[0] : rows) as Array<{ id: string; redo: boolean }>;
    const claimed = list[0];
    if (!claimed) return null;
    const document = await this.dataSource.getRepository(Document).findOneBy({ id: claimed.id });
    return document ? { document, redo: claimed.redo } : null;
  }

  private async analyze(document: Document, redo: boolean): Promise<void> {
    const started = Date.now();
    const dir = await mkdtemp(join(this.config.ANALYSIS_TMP_DIR || tmpdir(), 'kerf-analysis-'));
    let analysis: DocumentAnalysis;
    try {
      const path = join(dir, 'document');
      const object = await this.s3.send(
        new GetObjectCommand({ Bucket: this.s3Config.S3_BUCKET, Key: document.storageKey }),
      );
      await pipeline(object.Body as Readable, createWriteStream(path));
      analysis = await analyzeInChildProcess(path, document.filetype, {
        timeoutMs: this.config.ANALYSIS_TIMEOUT_MS,
        maxOldSpaceMb: this.config.ANALYSIS_MAX_OLD_SPACE_MB,
        overrides: document.overrides,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    let outcome = analysis.status as string;
    await this.dataSource.transaction(async (manager) => {
      // Deleted while it was being read: nothing to store.
      const current = await manager.findOne(Document, {
        where: { id: document.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current) return;
      // Corrected again while it was being read: another analysis with the new overrides is pending.
      const unchanged = isDeepStrictEqual(current.overrides, document.overrides);
      if (redo && !unchanged) {
        outcome = 'superseded by a newer correction';
        return;
      }
      if (redo && analysis.status === 'failed') {
        // The previous analysis stays; the user is told why the correction did not take.
        await manager.update(
          Document,
          { id: document.id },
          {
            reanalysis: null,
            reanalysisError: `Kerf could not redo the analysis with your correction: ${analysis.error ?? 'the file could not be read.'} The figures shown are from before it.`,
          },
        );
        outcome = 'failed again; the previous analysis is kept';
        return;
      }
      const cut = await this.storePages(manager, document, analysis);
      if (cut.length > 0) analysis.warnings = [...(analysis.warnings ?? []), ...cut];
      await manager.query(
        `INSERT INTO document_analyses (document_id, analysis) VALUES ($1, $2)
         ON CONFLICT (document_id) DO UPDATE SET analysis = EXCLUDED.analysis, analyzed_at = now()`,
        [document.id, JSON.stringify(analysis)],
      );
      const revision = current.analysisRevision + 1;
      await manager.update(
        Document,
        { id: document.id },
        {
          status: analysis.status,
          error: analysis.status === 'failed' ? (analysis.error ?? 'This file could not be read.') : null,
          analysisRevision: revision,
          // A first analysis made before a correction arrived is stored, and redone with it next.
          reanalysis: unchanged ? null : 'pending',
          reanalysisError: null,
        },
      );
      await this.outbox.add(manager, 'document-analyzed', {
        documentId: document.id,
        projectId: document.projectId,
        status: analysis.status,
        revision,
      });
      // Hand takeoff items follow a page scale the new analysis reads differently (issue 17).
      if (analysis.status === 'analyzed') await this.takeoffItems.remeasureDocument(manager, current);
    });
    this.logger.log(
      `${document.filetype} ${document.id}${redo ? ' (redone)' : ''} ${outcome} in ${Date.now() - started} ms`,
    );
  }

  /**
   * The text the chat searches: each page or sheet, or for a drawing, what it
   * names. Answers a warning for each page only partly searchable.
   */
  private async storePages(manager: EntityManager, document: Document, analysis: DocumentAnalysis): Promise<string[]> {
    await manager.query(`DELETE FROM document_pages WHERE document_id = $1`, [document.id]);
    const pages: Array<{ page: number; sheet: string | null; body: string }> = (analysis.pages ?? []).map((page) => ({
      page: page.number,
      sheet: [page.sheetNumber, page.title].filter(Boolean).join(' ') || null,
      body: page.text,
    }));
    const named = [
      document.filename,
      ...(analysis.layers ?? []).map((layer) => `layer ${layer.name}`),
      ...(analysis.blocks ?? []).map((block) => `block ${block.name} ${block.dynamicBlockName ?? ''}`),
      ...(analysis.rooms ?? []).map((room) => `room ${room.name}`),
      // A quantity read from a page or sheet is found there: repeated here it would outrank it with page 0.
      ...analysis.quantities
        .filter((quantity) => quantity.source.page === undefined && quantity.source.sheet === undefined)
        .map((quantity) => `${quantity.description} ${quantity.quantity} ${quantity.unit}`),
    ].join('\n');
    if (!pages.some((page) => page.page === 0)) pages.push({ page: 0, sheet: null, body: named });
    const warnings: string[] = [];
    for (const page of pages) {
      const body = page.body.replaceAll('\u0000', '');
      const stored = await this.insertPage(manager, document, page.page, page.sheet, body);
      if (stored < body.length && page.page > 0)
        warnings.push(
          `Page ${page.page}${page.sheet ? ` (${page.sheet})` : ''} holds too many different words to search whole: only its first ${stored.toLocaleString('en-US')} characters can be searched.`,
        );
    }
    return warnings;
  }

  /**
   * Postgres holds at most 1 MB of search terms per row, so a page with more
   * (a sheet of 100,000 distinct item codes) is stored from its start, halved
   * until it fits. Answers how many characters were stored.
   */
  private async insertPage(
    manager: EntityManager,
    document: Document,
    page: number,
    sheet: string | null,
    body: string,
  ): Promise<number> {
    for (let text = body; ; text = text.slice(0, Math.floor(text.length / 2))) {
      await manager.query('SAVEPOINT page');
      try {
        await manager.query(
          `INSERT INTO document_pages (document_id, project_id, page, sheet, body) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (document_id, page) DO NOTHING`,
          [document.id, document.projectId, page, sheet, text],
        );
        await manager.query('RELEASE SAVEPOINT page');
        return text.length;
      } catch (error) {
        await manager.query('ROLLBACK TO SAVEPOINT page');
        if (!isTooLongForSearch(error) || text.length < 1_000) throw error;
      }
    }
  }
}

/** Postgres's "string is too long for tsvector": program_limit_exceeded. */
function isTooLongForSearch(error: unknown): boolean {
  const failure = error as { code?: string; driverError?: { code?: string } };
  return (failure.driverError?.code ?? failure.code) === '54000';
}
