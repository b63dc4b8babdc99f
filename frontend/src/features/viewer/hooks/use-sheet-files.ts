import { useQuery } from '@tanstack/react-query';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { getQueryFn } from '@/lib/api-client';
import { documentFileUrl } from '@/features/viewer/api/viewer';
import type { DrawingGeometry } from '@/features/viewer/lib/drawing';
import { openPdf } from '@/features/viewer/lib/pdf';

export type SheetKind = 'pdf' | 'image' | 'drawing';

const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff']);

/** How a document is shown: a PDF's pages, an image as it is, or a DXF's or DWG's linework. */
export function sheetKindOf(filetype: string): SheetKind {
  const type = filetype.toLowerCase().replace(/^\./, '');
  return type === 'pdf' ? 'pdf' : IMAGE_TYPES.has(type) ? 'image' : 'drawing';
}

export type PdfState = { pdf: PDFDocumentProxy } | { error: string } | null;

/** The PDF, opened with range requests: only the pages shown are read. Closed when the viewer goes. */
export function useOpenedPdf(kind: SheetKind, documentId: string): PdfState {
  const [pdfState, setPdfState] = useState<PdfState>(null);
  useEffect(() => {
    if (kind !== 'pdf') return;
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    openPdf(documentFileUrl(documentId)).then(
      (opened) => {
        destroy = opened.destroy;
        if (cancelled) void opened.destroy();
        else setPdfState({ pdf: opened.pdf });
      },
      (error: unknown) => {
        if (!cancelled) setPdfState({ error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [kind, documentId]);
  return pdfState;
}

export type ImageSize = { width: number; height: number } | { error: true } | null;

/** An image's size, once the image itself has loaded. */
export function useImageSize(kind: SheetKind, documentId: string): ImageSize {
  const [imageSize, setImageSize] = useState<ImageSize>(null);
  useEffect(() => {
    if (kind !== 'image') return;
    const image = new Image();
    image.onload = () => setImageSize({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => setImageSize({ error: true });
    image.src = documentFileUrl(documentId);
  }, [kind, documentId]);
  return imageSize;
}

/** A DXF's or DWG's linework by layer, read by the documents service. */
export function useDrawingGeometry(kind: SheetKind, documentId: string) {
  return useQuery({
    queryKey: ['/api/documents', documentId, 'geometry'],
    queryFn: getQueryFn<DrawingGeometry>({ on401: 'throw' }),
    enabled: kind === 'drawing',
    staleTime: Infinity,
    retry: false,
  });
}
