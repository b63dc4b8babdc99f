import { toast } from '@/components/ui/use-toast';
import { useSetPageBoundaries, type ViewerAnalysis } from '@/features/viewer/api/viewer';
import { boundariesOf, type RoomBoundary } from '@/features/viewer/lib/boundaries';
import type { Point } from '@/features/viewer/lib/geometry';
import { messageOf } from '@/features/viewer/lib/message-of';

/**
 * Room boundaries on a PDF page: lines the user draws where the drawing leaves a space open
 * (corridor zones, a lobby open to a hall). The page's rooms are measured again with them.
 * Each change sends the page's whole list; the service stores it in place of the last.
 */
export function useRoomBoundaries(documentId: string, analysis: ViewerAnalysis | undefined, page: number) {
  const save = useSetPageBoundaries(documentId);
  const lines = boundariesOf(analysis, page);

  const store = (next: RoomBoundary[], done: { title: string; failed: string }) =>
    save.mutate(
      { page, lines: next },
      {
        onSuccess: () => toast({ title: done.title, description: `The rooms of page ${page} are measured again.` }),
        onError: (error) => toast({ variant: 'destructive', title: done.failed, description: messageOf(error) }),
      },
    );

  const draw = ([from, to]: Point[]) =>
    store([...lines, { from, to }], { title: 'Boundary drawn', failed: 'The boundary was not kept' });
  const remove = (index: number) =>
    store(
      lines.filter((_, k) => k !== index),
      { title: 'Boundary removed', failed: 'The boundary was not removed' },
    );

  return { lines, draw, remove, busy: save.isPending };
}
