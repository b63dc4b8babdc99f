import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AnalysisOverrides } from '@kerf/contracts';
import { RpcErrors } from '@kerf/platform';
import { AnalysisQueue } from '../analysis/analysis-queue';
import { TakeoffItemsService } from '../takeoff/takeoff-items.service';
import { Document } from './document.entity';
import { DocumentsService } from './documents.service';
import { UNIT_CHOICES, calibratePage, checkBoundaries, isOverridableUnit } from './page-calibration';

/** A direct gRPC caller that names nobody: the warning still says the units were set by hand. */
const SOMEONE = 'a user of this project';

/**
 * The user's corrections of a document: stored with it (the acting user must
 * own it; another user's is not found), then the analysis is redone through the
 * analysis queue with them, so its time and memory limits apply. Until the new
 * analysis is stored the previous one stays readable.
 */
@Injectable()
export class DocumentCorrectionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documents: DocumentsService,
    private readonly queue: AnalysisQueue,
    private readonly takeoffItems: TakeoffItemsService,
  ) {}

  async setDrawingUnits(userId: string, id: string, unit: string, setBy: string) {
    return this.correct(userId, id, (document) => {
      if (!isOverridableUnit(unit)) throw RpcErrors.invalid(`units must be one of ${UNIT_CHOICES}.`);
      if (document.filetype !== 'dxf' && document.filetype !== 'dwg')
        throw RpcErrors.invalid(
          `Drawing units can be set on DXF and DWG drawings only; ${document.filename} is a ${document.filetype.toUpperCase()} file.`,
        );
      return { ...document.overrides, units: { unit, setBy: setBy.trim() || SOMEONE, setAt: now() } };
    });
  }

  async setPageScale(
    userId: string,
    id: string,
    input: {
      page: number;
      from: { x: number; y: number } | undefined;
      to: { x: number; y: number } | undefined;
      distance: number;
      unit: string;
      setBy: string;
    },
  ) {
    return this.correct(userId, id, async (document, manager) => {
      if (document.filetype !== 'pdf')
        throw RpcErrors.invalid(
          `Only the pages of a PDF can be calibrated; ${document.filename} is a ${document.filetype.toUpperCase()} file${
            document.filetype === 'dxf' || document.filetype === 'dwg' ? ': set its drawing units instead' : ''
          }.`,
        );
      const size = await this.pageInRange(manager, document, input.page, 'calibrate');
      const calibration = calibratePage(input, size);
      if ('error' in calibration) throw RpcErrors.invalid(calibration.error);
      return {
        ...document.overrides,
        pageScales: {
          ...document.overrides.pageScales,
          [input.page]: {
            feetPerPoint: calibration.feetPerPoint,
            // Where it was measured: on a sheet of several scales, the drawing calibrated (analyze-pdf.ts).
            line: { from: [input.from!.x, input.from!.y], to: [input.to!.x, input.to!.y] },
            setBy: input.setBy.trim() || SOMEONE,
            setAt: now(),
          },
        },
      };
    });
  }

  /**
   * Room boundaries drawn on a PDF page, replacing the page's earlier ones: the
   * room search takes them as walls, so a space the drawing leaves open (corridor
   * zones, a lobby open to a hall) is divided where the user says. None removes them.
   */
  async setPageBoundaries(
    userId: string,
    id: string,
    input: {
      page: number;
      lines: ReadonlyArray<{ from?: { x: number; y: number }; to?: { x: number; y: number } }>;
      setBy: string;
    },
  ) {
    return this.correct(userId, id, async (document, manager) => {
      if (document.filetype !== 'pdf')
        throw RpcErrors.invalid(
          `Room boundaries are drawn on the pages of a PDF; ${document.filename} is a ${document.filetype.toUpperCase()} file.`,
        );
      const size = await this.pageInRange(manager, document, input.page, 'draw on');
      const checked = checkBoundaries(input.lines, size);
      if ('error' in checked) throw RpcErrors.invalid(checked.error);
      const pageBoundaries = { ...document.overrides.pageBoundaries };
      if (checked.lines.length)
        pageBoundaries[input.page] = { lines: checked.lines, setBy: input.setBy.trim() || SOMEONE, setAt: now() };
      else delete pageBoundaries[input.page];
      return { ...document.overrides, pageBoundaries };
    });
  }

  /** The size of page `page` of a PDF whose analysis lists it; a sentence saying what is wrong otherwise. */
  private async pageInRange(manager: EntityManager, document: Document, page: number, verb: 'calibrate' | 'draw on') {
    const { pages, size } = await this.pages(manager, document, page);
    if (!Number.isInteger(page) || page < 1 || page > pages)
      throw RpcErrors.invalid(
        pages === 0
          ? document.status === 'failed'
            ? `${document.filename} could not be read, so it has no pages to ${verb}.`
            : `${document.filename} is still being read: ${verb} its pages once its analysis is done.`
          : `Page ${page} is out of range: ${document.filename} has ${pages} page${pages === 1 ? '' : 's'} (1 to ${pages}).`,
      );
    return size;
  }

  /**
   * Stores the changed overrides, measures the document's hand takeoff items
   * again with them, and asks for the analysis to be redone. A
   * change while an analysis runs marks it pending again: the queue stores only
   * an analysis made with the overrides as they are when it finishes. Answers the
   * analysis as committed (redo pending), read before the queue is woken to take it.
   */
  private async correct(
    userId: string,
    id: string,
    change: (document: Document, manager: EntityManager) => AnalysisOverrides | Promise<AnalysisOverrides>,
  ): Promise<{ document: Document; json: string }> {
    await this.dataSource.transaction(async (manager) => {
      const document = await this.documents.lockOwned(manager, userId, id);
      const overrides = await change(document, manager);
      const idle = document.status === 'analyzed' || document.status === 'failed';
      await manager.update(
        Document,
        { id },
        {
          overrides,
          reanalysis: 'pending',
          reanalysisError: null,
          // A new correction gets its own attempts at being read (see AnalysisQueue's crash recovery).
          ...(idle ? { analysisAttempts: 0 } : {}),
        },
      );
      // Hand takeoff items take the new scale at once: it is the correction itself, not the analysis.
      Object.assign(document, { overrides });
      await this.takeoffItems.remeasureDocument(manager, document);
    });
    const answer = await this.documents.analysis(userId, id);
    this.queue.wake();
    return answer;
  }

  /**
   * How many pages the stored analysis of a PDF lists (0 before it is analysed),
   * and the size of page `page` in points where the analysis gives it.
   */
  private async pages(
    manager: EntityManager,
    document: Document,
    page: number,
  ): Promise<{ pages: number; size?: { widthPts: number; heightPts: number } }> {
    const [row] = (await manager.query(
      `SELECT coalesce(jsonb_array_length(analysis->'pages'), 0) AS pages,
              (SELECT p FROM jsonb_array_elements(analysis->'pages') p WHERE (p->>'number') = $2::text LIMIT 1) AS page
         FROM document_analyses WHERE document_id = $1`,
      [document.id, String(page)],
    )) as Array<{ pages: number; page: { widthPts?: unknown; heightPts?: unknown } | null }>;
    const { widthPts, heightPts } = row?.page ?? {};
    const size =
      typeof widthPts === 'number' && typeof heightPts === 'number' && widthPts > 0 && heightPts > 0
        ? { widthPts, heightPts }
        : undefined;
    return { pages: Number(row?.pages ?? 0), size };
  }
}

const now = () => new Date().toISOString();
