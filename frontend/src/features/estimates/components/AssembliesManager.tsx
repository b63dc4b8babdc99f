import { Copy, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error';
import {
  useAssemblies,
  useDeleteAssembly,
  useSaveAssembly,
  type Assembly,
  type AssemblyComponent,
} from '@/features/estimates/api/assemblies';

const UNITS = ['ft', 'sq ft', 'cu yd', 'each', 'lb', 'm', 'sq m', 'cu m'];
const emptyComponent = (): AssemblyComponent => ({
  name: '',
  unit: 'each',
  perUnit: '1',
  wastePercent: '0',
  materialCost: '0',
  laborHours: '0',
  equipmentCost: '0',
});

interface Draft {
  id: string | null;
  name: string;
  description: string;
  unit: string;
  keywords: string;
  components: AssemblyComponent[];
}
const newDraft = (): Draft => ({
  id: null,
  name: '',
  description: '',
  unit: 'ft',
  keywords: '',
  components: [emptyComponent()],
});
const fromAssembly = (a: Assembly, copy: boolean): Draft => ({
  id: copy ? null : a.id,
  name: copy ? `${a.name} (mine)` : a.name,
  description: a.description,
  unit: a.unit,
  keywords: a.keywords,
  components: a.components.map((c) => ({ ...c })),
});

const FIELDS: { key: keyof AssemblyComponent; label: string; wide?: boolean }[] = [
  { key: 'name', label: 'Component', wide: true },
  { key: 'unit', label: 'Unit' },
  { key: 'perUnit', label: 'Per unit' },
  { key: 'wastePercent', label: 'Waste %' },
  { key: 'materialCost', label: 'Material $' },
  { key: 'laborHours', label: 'Labor h' },
  { key: 'equipmentCost', label: 'Equip. $' },
];

/** Assemblies: the starter library to read or copy, and the user's own to add, edit and delete. */
export function AssembliesManager() {
  const assemblies = useAssemblies();
  const save = useSaveAssembly();
  const remove = useDeleteAssembly();
  const [draft, setDraft] = useState<Draft | null>(null);
  const own = (assemblies.data ?? []).filter((a) => !a.starter);
  const starter = (assemblies.data ?? []).filter((a) => a.starter);

  const setComponent = (index: number, key: keyof AssemblyComponent, value: string) =>
    setDraft((d) =>
      d ? { ...d, components: d.components.map((c, i) => (i === index ? { ...c, [key]: value } : c)) } : d,
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Assemblies</CardTitle>
        <CardDescription>
          An assembly turns one takeoff quantity (a wall length, a floor area, a count of doors) into the materials and
          labor it stands for, with waste per component. Yours are used before the starter library.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {own.length ? (
          <ul className="space-y-1 text-sm" aria-label="Your assemblies">
            {own.map((a) => (
              <li key={a.code} className="flex items-center justify-between gap-2">
                <span className="min-w-0 break-words">
                  {a.name} <span className="text-muted-foreground">per {a.unit}</span>
                </span>
                <span className="flex shrink-0">
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Edit ${a.name}`}
                    onClick={() => setDraft(fromAssembly(a, false))}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Delete ${a.name}`}
                    onClick={() =>
                      remove.mutate(a.id!, {
                        onError: (error) =>
                          toast({
                            variant: 'destructive',
                            title: 'Delete failed',
                            description: apiErrorMessage(error),
                          }),
                      })
                    }
                  >
                    <Trash2 />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">You have no assemblies of your own yet.</p>
        )}
        {draft ? (
          <form
            className="space-y-2"
            aria-label="Assembly"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(draft, {
                onSuccess: (saved) => {
                  toast({ title: 'Assembly saved', description: saved.name });
                  setDraft(null);
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Save failed',
                    description: apiErrorMessage(error),
                  }),
              });
            }}
          >
            <Input
              aria-label="Assembly name"
              placeholder="Name, e.g. Interior partition 2×4, 10 ft"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
            <Textarea
              aria-label="Description"
              placeholder="In plain language, with its parameters"
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
            <div className="grid grid-cols-2 gap-2">
              <label className="text-sm">
                <span className="text-muted-foreground">Takeoff unit</span>
                <select
                  className="mt-1 h-9 w-full rounded-md border bg-background px-2 text-sm"
                  value={draft.unit}
                  onChange={(e) => setDraft({ ...draft, unit: e.target.value })}
                >
                  {[...new Set([draft.unit, ...UNITS])].map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm">
                <span className="text-muted-foreground">Keywords</span>
                <Input
                  className="mt-1"
                  value={draft.keywords}
                  onChange={(e) => setDraft({ ...draft, keywords: e.target.value })}
                />
              </label>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Components per {draft.unit}</legend>
              {draft.components.map((component, index) => (
                <div key={index} className="grid grid-cols-3 gap-1 rounded-md border p-2">
                  {FIELDS.map((f) => (
                    <label key={f.key} className={`text-xs text-muted-foreground ${f.wide ? 'col-span-3' : ''}`}>
                      {f.label}
                      <Input
                        aria-label={`${f.label} ${index + 1}`}
                        className="mt-0.5 h-8"
                        value={component[f.key]}
                        onChange={(e) => setComponent(index, f.key, e.target.value)}
                      />
                    </label>
                  ))}
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    className="col-span-3 justify-self-end"
                    onClick={() => setDraft({ ...draft, components: draft.components.filter((_, i) => i !== index) })}
                  >
                    <X /> Remove
                  </Button>
                </div>
              ))}
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => setDraft({ ...draft, components: [...draft.components, emptyComponent()] })}
              >
                <Plus /> Component
              </Button>
            </fieldset>
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={save.isPending}>
                Save assembly
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setDraft(newDraft())}>
            <Plus /> New assembly
          </Button>
        )}
        <details className="text-sm">
          {/* Not "0 assemblies" while the library loads: it has none only once it has come. */}
          <summary className="cursor-pointer">
            Starter library ({assemblies.isPending ? 'loading…' : `${starter.length} assemblies`})
          </summary>
          <p className="mt-1 text-xs text-muted-foreground">
            US residential and light-commercial unit costs, national average, mid-2020s; illustrative, not quotes.
          </p>
          <ul className="mt-2 space-y-2">
            {starter.map((a) => (
              <li key={a.code}>
                <div className="flex items-start justify-between gap-2">
                  <span className="min-w-0 font-medium break-words">
                    {a.name} <span className="font-normal text-muted-foreground">per {a.unit}</span>
                  </span>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Copy ${a.name}`}
                    onClick={() => setDraft(fromAssembly(a, true))}
                  >
                    <Copy />
                  </Button>
                </div>
                <p className="text-xs text-muted-foreground">{a.description}</p>
              </li>
            ))}
          </ul>
        </details>
      </CardContent>
    </Card>
  );
}
