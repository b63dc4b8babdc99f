/**
 * One PDF opened with pdf.js in this process: its worker side runs behind a
 * port of its own (pdf-worker-port.ts), which streams each page's operators to
 * the geometry reader. The analysis may open the same bytes twice, with and
 * without image data (analyze-pdf.ts).
 */
import { PdfWorkerPort } from './pdf-worker-port';

export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocumentProxy = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
/** pdf.js's worker side, run in this process (the module has no type declarations). */
export interface PdfJsWorker {
  WorkerMessageHandler: { initializeFromPort(port: PdfWorkerPort): void };
}
type PdfJsWorkerPort = NonNullable<Parameters<PdfJs['PDFWorker']['create']>[0]['port']>;

export interface OpenPdf {
  document: PdfDocumentProxy;
  /** The port its operators and font metrics come through. */
  port: PdfWorkerPort;
  close(): Promise<void>;
}

/**
 * Opens `bytes` (not consumed: pdf.js gets a copy, since it detaches the
 * buffer it is given). `maxImageSize` is pdf.js's own option: images of more
 * pixels are neither decoded nor painted (0: none is). `stopAtErrors` too:
 * what pdf.js would leave out of a page (an image too large among them)
 * fails its operator list instead.
 */
export async function openPdf(
  { pdfjs, worker: workerSide }: { pdfjs: PdfJs; worker: PdfJsWorker },
  bytes: Uint8Array,
  maxImageSize: number,
  stopAtErrors = false,
): Promise<OpenPdf> {
  const port = new PdfWorkerPort();
  workerSide.WorkerMessageHandler.initializeFromPort(port);
  const worker = pdfjs.PDFWorker.create({ port: port as unknown as PdfJsWorkerPort, verbosity: 0 });
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    maxImageSize,
    stopAtErrors,
    worker,
  });
  const close = async () => {
    await task.destroy().catch(() => undefined);
    worker.destroy();
  };
  try {
    return { document: await task.promise, port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Whether page `number` (1-based) paints an image of more than `maxImageSize`
 * pixels. pdf.js leaves such an image out without a trace in the operator
 * list, so a page holding only that looks blank; opened to stop at errors,
 * its worker side fails the page on it instead (and the document side still
 * gets a list, empty: the failure is seen on the port).
 */
export async function paintsImageOverSize(
  loaded: { pdfjs: PdfJs; worker: PdfJsWorker },
  bytes: Uint8Array,
  number: number,
  maxImageSize: number,
): Promise<boolean> {
  const strict = await openPdf(loaded, bytes, maxImageSize, true);
  try {
    const page = await strict.document.getPage(number);
    const { failure } = await strict.port.readOperators(
      number - 1,
      () => undefined,
      () => page.getOperatorList(),
    );
    return /exceeded maximum allowed size/.test(failure ?? '');
  } finally {
    await strict.close();
  }
}
