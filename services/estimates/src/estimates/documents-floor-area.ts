import type { DocumentAnalysis } from '@kerf/contracts';
import type { FloorArea } from '../engine/checks';
import type { Documents } from '@kerf/platform';

/**
 * The floor area the project's drawings measure: the rooms of one analysed
 * drawing, summed (the drawing whose rooms cover the most; never rooms of two
 * drawings added together). Undefined when no drawing has rooms or documents
 * cannot answer: the check then uses the materials, or says there is no area.
 */
export async function documentsFloorArea(documents: Documents, projectId: string): Promise<FloorArea | undefined> {
  try {
    let best: FloorArea | undefined;
    let analysed = 0;
    // One call for every document with its analysis (without the pages' text, which this does not read).
    for await (const { document, analysisJson } of documents.listAnalyses(
      { projectId, documentIds: [] },
      { deadlineMs: 5_000 },
    )) {
      if (document?.status !== 'analyzed' || ++analysed > 20 || !analysisJson) continue;
      const analysis = JSON.parse(analysisJson) as DocumentAnalysis;
      const rooms = (analysis.rooms ?? []).filter((r) => Number.isFinite(r.areaSqFt) && r.areaSqFt > 0);
      if (!rooms.length) continue;
      const sqFt = rooms.reduce((a, r) => a + r.areaSqFt, 0);
      if (!best || sqFt > best.sqFt) {
        best = {
          sqFt,
          source: `the sum of the ${rooms.length} room${rooms.length === 1 ? '' : 's'} measured on ${document.filename}`,
        };
      }
    }
    return best;
  } catch {
    return undefined;
  }
}
