import type { ViewerAnalysis } from '@/features/viewer/api/viewer';
import type { Point } from './geometry';

/** A room boundary the user drew on a PDF page, in page points. */
export type RoomBoundary = { from: Point; to: Point };

/** The room boundaries drawn on a page of the analysis (the user's, kept with the document). */
export function boundariesOf(analysis: ViewerAnalysis | undefined, page: number): RoomBoundary[] {
  return (analysis?.overrides?.pageBoundaries?.[String(page)]?.lines ?? []).map(({ from, to }) => ({ from, to }));
}
