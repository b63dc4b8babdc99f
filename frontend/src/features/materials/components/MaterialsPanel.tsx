import { useQueryClient } from '@tanstack/react-query';
import { formatQuantity } from '@kerf/takeoff';
import { Check, CheckCheck, FileSpreadsheet, Pencil, Plus, Sparkles, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { apiErrorMessage } from '@/lib/api-error';
import {
  createMaterial,
  deleteMaterial,
  exportHref,
  keepMaterials,
  materialsQueryKey,
  updateMaterial,
  useMaterials,
  type Material,
} from '@/features/materials/api/materials';

const UNCATEGORIZED = 'Uncategorized';

/** "plan.dxf · layer A-WALL": where a material's quantity came from, as the panel shows it. */
export function sourceOf(material: Material): string | null {
  const origin = material.origin;
  if (!origin) return null;
  const place =
    origin.kind && origin.ref
      ? ['text', 'item'].includes(origin.kind)
        ? origin.ref
        : `${origin.kind} ${origin.ref}`
      : '';
  return [origin.documentName, origin.page !== undefined ? `page ${origin.page}` : '', place]
    .filter(Boolean)
    .join(' · ');
}

/** Materials by category, categories in alphabetical order with the uncategorised last. */
function groupByCategory(materials: Material[]): Array<[string, Material[]]> {
  const groups = new Map<string, Material[]>();
  for (const material of materials) {
    const key = material.category?.trim() || UNCATEGORIZED;
    groups.set(key, [...(groups.get(key) ?? []), material]);
  }
  return [...groups].sort(([a], [b]) => (a === UNCATEGORIZED ? 1 : b === UNCATEGORIZED ? -1 : a.localeCompare(b)));
}

function MaterialRow({ material, onChanged }: { material: Material; onChanged: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ name: material.name, quantity: material.quantity, unit: material.unit });
  const [busy, setBusy] = useState(false);
  const proposed = material.status === 'proposed';
  const source = sourceOf(material);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await updateMaterial(material.id, draft);
      setEditing(false);
      await onChanged();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: apiErrorMessage(error) ?? 'Failed to save the material.',
      });
    } finally {
      setBusy(false);
    }
  };
  const keep = async () => {
    setBusy(true);
    try {
      await keepMaterials(material.projectId, [material.id]);
      await onChanged();
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to keep the material.' });
    } finally {
      setBusy(false);
    }
  };
  /** Deleted at once, with Undo in the toast: the line comes back as it was, source and status included. */
  const remove = async () => {
    setBusy(true);
    try {
      await deleteMaterial(material.id);
      await onChanged();
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete the material.' });
      setBusy(false);
      return;
    }
    const undo = async () => {
      try {
        await createMaterial(material.projectId, {
          name: material.name,
          quantity: material.quantity,
          unit: material.unit,
          category: material.category ?? undefined,
          notes: material.notes ?? undefined,
          source: material.source,
          origin: material.origin,
          status: material.status,
        });
        await onChanged();
      } catch {
        toast({ variant: 'destructive', title: 'Error', description: `Could not restore ${material.name}.` });
      }
    };
    toast({
      title: 'Material deleted',
      description: `${material.name} was removed from the list.`,
      action: (
        <ToastAction altText={`Undo deleting ${material.name}`} onClick={() => void undo()}>
          Undo
        </ToastAction>
      ),
    });
  };

  if (editing)
    return (
      <li>
        <form
          onSubmit={(event) => void save(event)}
          className="grid grid-cols-[1fr_5rem_4rem_auto] items-center gap-1.5"
          aria-label={`Edit ${material.name}`}
        >
          <Input
            aria-label="Name"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            className="h-8"
          />
          <Input
            aria-label="Quantity"
            inputMode="decimal"
            value={draft.quantity}
            onChange={(e) => setDraft({ ...draft, quantity: e.target.value })}
            className="h-8"
          />
          <Input
            aria-label="Unit"
            value={draft.unit}
            onChange={(e) => setDraft({ ...draft, unit: e.target.value })}
            className="h-8"
          />
          <div className="flex">
            <Button type="submit" size="icon" variant="ghost" className="size-8" aria-label="Save" disabled={busy}>
              {busy ? <Spinner /> : <Check />}
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-8"
              aria-label="Cancel"
              onClick={() => setEditing(false)}
            >
              <X />
            </Button>
          </div>
        </form>
      </li>
    );
  return (
    <li
      className={cn(
        'flex items-center gap-1.5 rounded-md px-1.5 py-1 hover:bg-muted/50',
        proposed && 'bg-amber-50/70 dark:bg-amber-950/20',
      )}
      data-status={material.status}
    >
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1.5">
          <span className="min-w-0 truncate text-sm" title={material.name}>
            {material.name}
          </span>
          {!proposed && material.source === 'ai' ? (
            <Badge variant="secondary" className="shrink-0 gap-1" title="Taken from an assistant reply">
              <Sparkles aria-hidden />
              AI
            </Badge>
          ) : null}
        </div>
        {proposed || source ? (
          <div className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            {proposed ? (
              <Badge
                variant="outline"
                className="shrink-0 gap-1 border-amber-300 bg-amber-100 px-1.5 py-0 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
                title="Taken from an assistant reply: keep it to include it as yours"
              >
                <Sparkles aria-hidden />
                Proposed
              </Badge>
            ) : null}
            {source ? (
              <span className="min-w-0 truncate" title={source} data-testid="material-source">
                {source}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
      <span
        className="shrink-0 text-sm tabular-nums"
        data-testid="material-quantity"
        title={`${material.quantity} ${material.unit}${material.edited ? ' (edited)' : ''}`}
      >
        {formatQuantity(Number(material.quantity), material.unit)} {material.unit}
      </span>
      {proposed ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-7 text-emerald-700 hover:text-emerald-800 dark:text-emerald-400"
          aria-label={`Keep ${material.name}`}
          title="Keep"
          disabled={busy}
          onClick={() => void keep()}
        >
          <Check />
        </Button>
      ) : null}
      <Button
        size="icon"
        variant="ghost"
        className="size-7"
        aria-label={`Edit ${material.name}`}
        onClick={() => setEditing(true)}
      >
        <Pencil />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-7"
        aria-label={`Delete ${material.name}`}
        disabled={busy}
        onClick={() => void remove()}
      >
        <Trash2 />
      </Button>
    </li>
  );
}

/** The project's materials list (issue 7): grouped by category, edited in place, added by hand, exported to Excel. */
export function MaterialsPanel({ projectId, className }: { projectId: string; className?: string }) {
  const queryClient = useQueryClient();
  const { data: materials, isPending } = useMaterials(projectId);
  const [draft, setDraft] = useState({ name: '', quantity: '', unit: '', category: '' });
  const [adding, setAdding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: materialsQueryKey(projectId) });
  const proposed = materials?.filter((material) => material.status === 'proposed').length ?? 0;
  const [keeping, setKeeping] = useState(false);
  const keepAll = async () => {
    setKeeping(true);
    try {
      queryClient.setQueryData(materialsQueryKey(projectId), await keepMaterials(projectId));
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to keep the proposed materials.' });
    } finally {
      setKeeping(false);
      await refresh();
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setAdding(true);
    try {
      await createMaterial(projectId, { ...draft, category: draft.category || undefined });
      setDraft({ name: '', quantity: '', unit: draft.unit, category: draft.category });
      await refresh();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: apiErrorMessage(error) ?? 'Failed to add the material.',
      });
    } finally {
      setAdding(false);
    }
  };

  return (
    <section aria-labelledby="materials-panel-title" className={cn('flex min-h-0 flex-col', className)}>
      <header className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <h2 id="materials-panel-title" className="text-sm font-semibold">
          Materials
        </h2>
        <div className="flex items-center gap-1.5">
          {proposed ? (
            <Button
              size="sm"
              variant="outline"
              disabled={keeping}
              onClick={() => void keepAll()}
              title="Keep every proposed material"
            >
              {keeping ? <Spinner /> : <CheckCheck />}
              Keep all ({proposed})
            </Button>
          ) : null}
          <Button asChild size="sm" variant="outline">
            <a href={exportHref(projectId)} download>
              <FileSpreadsheet />
              Export to Excel
            </a>
          </Button>
        </div>
      </header>
      {proposed ? (
        <p className="border-b bg-amber-50/70 px-4 py-1.5 text-xs text-amber-900 dark:bg-amber-950/20 dark:text-amber-200">
          {proposed === 1 ? '1 material' : `${proposed} materials`} proposed from the assistant’s answers: keep the ones
          you want, edit or delete the rest.
        </p>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-2">
        {isPending ? (
          <Spinner />
        ) : !materials?.length ? (
          <p className="px-1 py-4 text-center text-sm text-muted-foreground">
            No materials yet. Add them by hand below, or ask the assistant for quantities.
          </p>
        ) : (
          groupByCategory(materials).map(([category, items]) => (
            <div key={category} className="mb-2">
              <h3 className="px-1.5 pb-0.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {category}
              </h3>
              <ul aria-label={category}>
                {items.map((material) => (
                  <MaterialRow key={material.id} material={material} onChanged={refresh} />
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
      <form
        onSubmit={(event) => void add(event)}
        className="grid grid-cols-[1fr_4.5rem_4rem] gap-1.5 border-t p-3"
        aria-label="Add a material"
      >
        <Input
          aria-label="Material name"
          placeholder="Material"
          required
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          className="h-8"
        />
        <Input
          aria-label="Quantity"
          placeholder="Qty"
          inputMode="decimal"
          required
          value={draft.quantity}
          onChange={(e) => setDraft({ ...draft, quantity: e.target.value })}
          className="h-8"
        />
        <Input
          aria-label="Unit"
          placeholder="Unit"
          required
          value={draft.unit}
          onChange={(e) => setDraft({ ...draft, unit: e.target.value })}
          className="h-8"
        />
        <Input
          aria-label="Category"
          placeholder="Category (optional)"
          value={draft.category}
          onChange={(e) => setDraft({ ...draft, category: e.target.value })}
          className="col-span-2 h-8"
        />
        <Button type="submit" size="sm" className="h-8" disabled={adding}>
          {adding ? <Spinner /> : <Plus />}
          Add
        </Button>
      </form>
    </section>
  );
}
