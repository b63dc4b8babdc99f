import type { DocumentAnalysis } from '@kerf/contracts';
import type { FloorArea } from '../engine/checks';
import type { Documents } from '../clients/clients.module';

/**
 * The floor area the project's drawings measure: the rooms of one analysed
 * drawing, summed (the drawing whose rooms cover the most; never rooms of two
 * drawings added together). Undefined when no drawing has rooms or documents
 * cannot answer: the check then uses the materials, or says there is no area.
 */
export async function documentsFloorArea(documents: Documents, projectId: string): Promise<FloorArea | undefined> {
  try {
    const { documents: list } = await documents.listDocuments({ projectId });
    let best: FloorArea | undefined;
    for (const document of (list ?? []).filter((d) => d.status === 'analyzed').slice(0, 20)) {
      const result = await documents.getAnalysis({ id: document.id });
      if (!result.analysisJson) continue;
      const analysis = JSON.parse(result.analysisJson) as DocumentAnalysis;
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
