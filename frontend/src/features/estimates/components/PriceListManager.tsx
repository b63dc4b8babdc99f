import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error';
import {
  useDeletePriceList,
  useImportPriceList,
  usePriceLists,
  useUpdatePriceList,
} from '@/features/estimates/api/price-lists';

/** Import a CSV or XLSX price list, rename it, delete it; chosen in the generate panel. */
export function PriceListManager() {
  const lists = usePriceLists();
  const importList = useImportPriceList();
  const update = useUpdatePriceList();
  const remove = useDeletePriceList();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);

  const fail = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: apiErrorMessage(error) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Price Lists</CardTitle>
        <CardDescription>
          Your own prices override the starter catalogue. Columns: name, unit, material cost, labor hours, equipment
          cost (code and division optional).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) return;
            importList.mutate(
              { name: name.trim() || file.name.replace(/\.(csv|xlsx)$/i, ''), file },
              {
                onSuccess: (list) => {
                  toast({
                    title: 'Price list imported',
                    description: `${list.items.length} ${list.items.length === 1 ? 'item' : 'items'}`,
                  });
                  setName('');
                  setFile(null);
                  setFileKey((k) => k + 1);
                },
                onError: fail('Import failed'),
              },
            );
          }}
        >
          <Input
            aria-label="Price list name"
            placeholder="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Input
            key={fileKey}
            aria-label="Price list file"
            type="file"
            accept=".csv,.xlsx,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button type="submit" variant="outline" disabled={!file || importList.isPending}>
            Import
          </Button>
        </form>
        <ul className="divide-y text-sm" aria-label="Price lists">
          {(lists.data ?? []).map((list) => (
            <li key={list.id} className="flex items-center gap-2 py-2">
              <Input
                aria-label={`Rename ${list.name}`}
                defaultValue={list.name}
                className="h-8"
                onBlur={(e) => {
                  const next = e.target.value.trim();
                  if (next && next !== list.name)
                    update.mutate({ id: list.id, name: next }, { onError: fail('Rename failed') });
                }}
              />
              <span className="shrink-0 text-muted-foreground">
                {list.items.length} {list.items.length === 1 ? 'item' : 'items'}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${list.name}`}
                onClick={() => remove.mutate(list.id, { onError: fail('Delete failed') })}
              >
                <Trash2 />
              </Button>
            </li>
          ))}
          {lists.data?.length === 0 ? <li className="py-2 text-muted-foreground">No price lists yet.</li> : null}
        </ul>
      </CardContent>
    </Card>
  );
}
