import type { PDFDocumentProxy } from 'pdfjs-dist';

/** Bytes per range request: a sheet's content arrives in a few of these, never the whole set. */
const RANGE_CHUNK_SIZE = 256 * 1024;

let worker: Worker | null = null;

/**
 * pdf.js, loaded with the viewer only. Its worker is a module worker that Vite bundles
 * beside the app (served from 'self', as the Content-Security-Policy wants), started once
 * and shared by every document opened afterwards.
 */
async function pdfjs() {
  const lib = await import('pdfjs-dist');
  if (!worker) {
    worker = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
    lib.GlobalWorkerOptions.workerPort = worker;
  }
  return lib;
}

/**
 * Opens a PDF from its URL reading only what it needs: the server answers range requests,
 * so the first page of a 100-sheet set shows without the rest being downloaded.
 */
export async function openPdf(url: string): Promise<{ pdf: PDFDocumentProxy; destroy: () => Promise<void> }> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    url,
    rangeChunkSize: RANGE_CHUNK_SIZE,
    // Only the ranges a shown page needs: no streaming of the whole file, no prefetching.
    disableStream: true,
    disableAutoFetch: true,
    withCredentials: true,
    // Served by the app (frontend/vite.config.ts, pdfjsAssets).
    wasmUrl: '/pdfjs/wasm/',
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    cMapUrl: '/pdfjs/cmaps/',
  });
  const pdf = await task.promise;
  return { pdf, destroy: () => task.destroy() };
}
