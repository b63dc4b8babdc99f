import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import {
  useCreateTakeoffItem,
  useDeleteTakeoffItem,
  useSendToMaterials,
  useUpdateTakeoffItem,
  type TakeoffItem,
} from '@/features/viewer/api/viewer';
import type { Point } from '@/features/viewer/lib/geometry';
import { messageOf } from '@/features/viewer/lib/message-of';
import { formatQuantity, type TakeoffRow } from '@/features/viewer/lib/takeoff';
import { TOOL_LABELS } from '@/features/viewer/lib/tools';

type Options = {
  projectId: string;
  documentId: string;
  pageNumber: number;
  items: readonly TakeoffItem[];
  selectedKey: string | null;
  /** Selects an item in the URL (null: nothing). */
  select: (key: string | null) => void;
  /** Says, above the sheet, why a tool could not do what was asked. */
  setNotice: (notice: string) => void;
};

const quantityOf = (item: TakeoffItem) => `${item.name}: ${formatQuantity(Number(item.quantity))} ${item.unit}`;

/**
 * What the user does with their own measurements and the takeoff's rows: keep a measurement,
 * cut or remove a hole, rename, delete, send to materials. Each says how it went in a toast.
 */
export function useTakeoffActions({
  projectId,
  documentId,
  pageNumber,
  items,
  selectedKey,
  select,
  setNotice,
}: Options) {
  const createItem = useCreateTakeoffItem(documentId);
  const deleteItem = useDeleteTakeoffItem(documentId);
  const updateItem = useUpdateTakeoffItem(documentId);
  const sendToMaterials = useSendToMaterials(projectId);
  const [sending, setSending] = useState<string | null>(null);

  /** Keeps a length, area or count drawn on the page, named after its kind, and selects it. */
  const measure = (kind: TakeoffItem['kind'], points: Point[]) => {
    const sameKind = items.filter((item) => item.kind === kind).length;
    createItem.mutate(
      { documentId, page: pageNumber, kind, name: `${TOOL_LABELS[kind]} ${sameKind + 1}`, points },
      {
        onSuccess: (item) => {
          toast({ title: 'Measured', description: quantityOf(item) });
          select(`item:${item.id}`);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'The measurement was not kept', description: messageOf(error) }),
      },
    );
  };

  /** Saves a hole drawn in an area item with the holes it had; the service measures the area again. */
  const cutHole = (itemId: string, hole: Point[]) => {
    const item = items.find((candidate) => candidate.id === itemId);
    if (!item) {
      setNotice('The area this hole was drawn in is gone: select an area, then Cut hole (H).');
      return;
    }
    updateItem.mutate(
      { id: item.id, holes: [...(item.holes ?? []), hole] },
      {
        onSuccess: (updated) => toast({ title: 'Hole cut', description: quantityOf(updated) }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'The hole was not cut', description: messageOf(error) }),
      },
    );
  };

  /** Takes one hole back out of an area item; the service measures the area again. */
  const removeHole = (row: TakeoffRow, hole: number) => {
    const item = items.find((candidate) => candidate.id === row.itemId);
    if (!item?.holes?.[hole]) return;
    updateItem.mutate(
      { id: item.id, holes: item.holes.filter((_, index) => index !== hole) },
      {
        onSuccess: (updated) => toast({ title: 'Hole removed', description: quantityOf(updated) }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'The hole was not removed', description: messageOf(error) }),
      },
    );
  };

  const send = (row: TakeoffRow) => {
    setSending(row.key);
    sendToMaterials.mutate(row.send, {
      onSuccess: () =>
        toast({ title: 'Sent to materials', description: `${row.label}: ${formatQuantity(row.quantity)} ${row.unit}` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Not sent to materials', description: messageOf(error) }),
      onSettled: () => setSending(null),
    });
  };

  const rename = async (row: TakeoffRow, name: string) => {
    if (!row.itemId) return;
    try {
      await updateItem.mutateAsync({ id: row.itemId, name });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Not renamed', description: messageOf(error) });
      throw error;
    }
  };

  const remove = (row: TakeoffRow) => {
    if (!row.itemId) return;
    deleteItem.mutate(row.itemId, {
      onSuccess: () => {
        toast({ title: 'Measurement deleted', description: row.label });
        if (selectedKey === row.key) select(null);
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Not deleted', description: messageOf(error) }),
    });
  };

  return { measure, cutHole, removeHole, send, sending, rename, remove };
}
