import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { documentRoutes } from '@kerf/contracts/http';
import { callRoute } from '@/lib/api-client';
import { analysisQueryKey, type DocumentAnalysis } from '@/features/documents/api/documents';
import { OVERRIDABLE_UNITS } from '@/features/documents/lib/drawing-units';

/** PUT /api/documents/{id}/units body (issue 15). */
export const setDrawingUnitsInputSchema = z.object({
  units: z.enum(OVERRIDABLE_UNITS, { error: `Choose one of ${OVERRIDABLE_UNITS.join(', ')}.` }),
});

export type SetDrawingUnitsInput = z.infer<typeof setDrawingUnitsInputSchema>;

/** Answers the analysis as it stands, with `reanalysis: 'pending'` until it is redone in the new units. */
export async function setDrawingUnits(documentId: string, input: SetDrawingUnitsInput): Promise<DocumentAnalysis> {
  const body = setDrawingUnitsInputSchema.parse(input);
  return callRoute<typeof documentRoutes.setUnits>(
    'PUT',
    `/api/documents/${encodeURIComponent(documentId)}/units`,
    body,
  );
}

/** Sets a drawing's units; the analysis query then polls until the recomputed figures arrive. */
export function useSetDrawingUnits(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetDrawingUnitsInput) => setDrawingUnits(documentId, input),
    onSuccess: async (analysis) => {
      queryClient.setQueryData(analysisQueryKey(documentId), analysis);
      // The documents list shows the document as recomputing, and polls until it is done.
      await queryClient.invalidateQueries({ queryKey: ['/api/documents'], exact: false, refetchType: 'active' });
    },
  });
}
