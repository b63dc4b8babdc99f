/**
 * The channel between pdf.js's document side and its worker side, both in
 * this process. Node has no web worker, so pdf.js runs its worker in the same
 * thread behind a port that copies every message (structuredClone). This port
 * does the same, except for the operator lists of the pages being read for
 * their geometry: the worker sends a page's operators in chunks of about a
 * thousand, and each chunk is handed to its reader as it is produced; the
 * document side gets it empty. A 40,000-path sheet's operator list is then
 * never copied and never held whole (pdf.js would otherwise keep all of it,
 * well over 100 MB on such a sheet, until the page is read).
 *
 * Should a later pdf.js send operator lists in another form, nothing is
 * handed over here and the document side gets the whole list as before:
 * `readOperators` reports whether its reader was fed.
 */

/** Reads one chunk of a page's operators: pdf.js's OPS codes and their arguments. */
export type OperatorChunkReader = (fnArray: ArrayLike<number>, argsArray: ArrayLike<unknown>, length: number) => void;

type Listener = (event: { data: unknown }) => void;

interface Message {
  sourceName?: string;
  targetName?: string;
  action?: string;
  stream?: number;
  streamId?: number;
  data?: { pageIndex?: unknown };
  chunk?: { fnArray?: unknown; argsArray?: unknown; length?: unknown };
  reason?: { message?: unknown };
}

/** A reader of a page's operators, and what became of its stream. */
interface OperatorStream {
  read: OperatorChunkReader;
  fed: boolean;
  error?: unknown;
  /** Why the worker side failed the page (pdf.js hands the document side what it had, as if complete). */
  failure?: string;
}

/** A font as the worker side exports it: its properties, or (pdf.js 6) compiled into one buffer. */
interface ExportedFont {
  fontMatrix?: ArrayLike<number>;
  vertical?: boolean;
  buffer?: unknown;
}

/**
 * pdf.js 6's compiled font info (FONT_INFO in its shared code): ten two-bit
 * booleans in three bytes (`vertical` the tenth), then the bounding box (a
 * length byte and four int16), then the font matrix (a length byte and six
 * little-endian float64).
 */
const FONT_INFO = { vertical: 9, fontMatrixAt: Math.ceil((10 * 2) / 8) + 1 + 4 * 2 };

/**
 * A font's matrix and writing mode. A Type3 font (AutoCAD's SHX text, plotted
 * as a font) has a matrix of its own: its glyph widths are in its units, not
 * in thousandths of an em.
 */
export function fontMetricsOf(font: ExportedFont): { fontMatrix?: ArrayLike<number>; vertical?: boolean } {
  if (font.fontMatrix || !(font.buffer instanceof ArrayBuffer))
    return { fontMatrix: font.fontMatrix, vertical: font.vertical };
  const view = new DataView(font.buffer);
  const at = FONT_INFO.fontMatrixAt;
  if (view.byteLength < at + 1 + 6 * 8) return {};
  const bits = (view.getUint8(Math.floor(FONT_INFO.vertical / 4)) >> ((FONT_INFO.vertical * 2) % 8)) & 3;
  const metrics: { fontMatrix?: ArrayLike<number>; vertical?: boolean } = { vertical: bits === 2 };
  if (view.getUint8(at) === 6) {
    const matrix = Array.from({ length: 6 }, (_, k) => view.getFloat64(at + 1 + k * 8, true));
    // A layout other than the one read here would give no sensible matrix: keep the default then.
    if (matrix.every(Number.isFinite) && matrix[0] !== 0 && Math.abs(matrix[0]) <= 1) metrics.fontMatrix = matrix;
  }
  return metrics;
}

/** pdf.js's MessageHandler stream message kinds: a chunk, a failure (StreamKind.ENQUEUE, ERROR). */
const STREAM_ENQUEUE = 4;
const STREAM_ERROR = 5;

/** A stream as its chunks name it: from the answering side, to the asking side, its id. */
const streamKey = (from: string | undefined, to: string | undefined, id: number) => `${from} ${to} ${id}`;

export class PdfWorkerPort {
  private readonly listeners = new Set<Listener>();
  /** Readers waiting for their page's operator list request, by page index. */
  private readonly waiting = new Map<number, OperatorStream>();
  /** The same readers once the request is seen, by the stream it is answered on. */
  private readonly streams = new Map<string, OperatorStream>();
  private deferred = Promise.resolve();
  /** Each font's metrics, by the name its operators use, as the worker side sends them ('commonobj'). */
  private readonly fonts = new Map<string, { fontMatrix?: ArrayLike<number>; vertical?: boolean }>();

  /** A font's matrix and writing mode, once its worker side has loaded it. */
  fontOf(loadedName: string): { fontMatrix?: ArrayLike<number>; vertical?: boolean } | undefined {
    return this.fonts.get(loadedName);
  }

  /**
   * Sends the operators of the next operator list requested for page
   * `pageIndex` (0-based) to `read`, chunk by chunk, while `during` runs.
   * Returns whether they went to `read` (else they are in the list pdf.js returns), and why the worker
   * side failed the page, if it did.
   */
  async readOperators<T>(
    pageIndex: number,
    read: OperatorChunkReader,
    during: () => Promise<T>,
  ): Promise<{ value: T; fed: boolean; failure?: string }> {
    const entry: OperatorStream = { read, fed: false };
    this.waiting.set(pageIndex, entry);
    try {
      const value = await during();
      if (entry.error !== undefined) throw entry.error;
      return { value, fed: entry.fed, failure: entry.failure };
    } finally {
      this.waiting.delete(pageIndex);
      for (const [id, e] of this.streams) if (e === entry) this.streams.delete(id);
    }
  }

  postMessage(message: unknown, transfer?: NonNullable<Parameters<typeof structuredClone>[1]>['transfer']): void {
    let data = message as Message;
    const m = data;
    const objectData: unknown = m?.data;
    if (m?.action === 'commonobj' && Array.isArray(objectData) && objectData[1] === 'Font') {
      const [name, , font] = objectData as [unknown, string, ExportedFont | null];
      if (typeof name === 'string' && font) this.fonts.set(name, fontMetricsOf(font));
    } else if (
      m?.action === 'GetOperatorList' &&
      typeof m.streamId === 'number' &&
      typeof m.data?.pageIndex === 'number'
    ) {
      // The document side asks for a page's operators: its worker side answers on the same stream id.
      const entry = this.waiting.get(m.data.pageIndex);
      if (entry) {
        this.waiting.delete(m.data.pageIndex);
        this.streams.set(streamKey(m.targetName, m.sourceName, m.streamId), entry);
      }
    } else if (m?.stream === STREAM_ERROR && typeof m.streamId === 'number' && this.streams.size) {
      const entry = this.streams.get(streamKey(m.sourceName, m.targetName, m.streamId));
      if (entry) entry.failure = String(m.reason?.message ?? 'the page could not be read');
    } else if (m?.stream === STREAM_ENQUEUE && typeof m.streamId === 'number' && this.streams.size) {
      const entry = this.streams.get(streamKey(m.sourceName, m.targetName, m.streamId));
      const chunk = m.chunk;
      if (
        entry &&
        chunk &&
        Array.isArray(chunk.fnArray) &&
        Array.isArray(chunk.argsArray) &&
        typeof chunk.length === 'number'
      ) {
        // Read now: the worker empties these arrays for its next chunk as soon as this returns.
        if (entry.error === undefined) {
          try {
            entry.read(chunk.fnArray as number[], chunk.argsArray as unknown[], chunk.length);
          } catch (error) {
            entry.error = error;
          }
        }
        entry.fed = true;
        data = { ...m, chunk: { ...chunk, fnArray: [], argsArray: [], length: 0 } };
        transfer = undefined;
      }
    }
    const event = { data: structuredClone(data, transfer ? { transfer } : undefined) };
    // Delivered asynchronously, in order, as a worker's messages are.
    this.deferred.then(() => {
      for (const listener of this.listeners) listener.call(this, event);
    });
  }

  addEventListener(_type: 'message', listener: Listener, options?: { signal?: AbortSignal }): void {
    // pdf.js's MessageHandler stops listening by aborting the signal it gave.
    if (options?.signal?.aborted) return;
    this.listeners.add(listener);
    options?.signal?.addEventListener('abort', () => this.listeners.delete(listener), { once: true });
  }

  removeEventListener(_type: 'message', listener: Listener): void {
    this.listeners.delete(listener);
  }

  terminate(): void {
    this.listeners.clear();
  }
}
