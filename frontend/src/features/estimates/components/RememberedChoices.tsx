import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error';
import { useForgetPriceMapping, usePriceMappings } from '@/features/estimates/api/price-mappings';

/** 'layer:wall low' → 'Layer "wall low"'; 'name:walls' → 'Material "walls"'. */
function describeSource(key: string): string {
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  const label = kind === 'name' ? 'Material' : kind.charAt(0).toUpperCase() + kind.slice(1);
  return `${label} "${key.slice(at + 1)}"`;
}

/** The choices the user made on estimates, applied to every later estimate until forgotten. */
export function RememberedChoices() {
  const mappings = usePriceMappings();
  const forget = useForgetPriceMapping();
  if (!mappings.data?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Remembered Choices</CardTitle>
        <CardDescription>Prices you picked on an estimate; your later estimates apply them.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1 text-sm" aria-label="Remembered choices">
          {mappings.data.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2">
              <span className="min-w-0 break-words">
                {describeSource(m.sourceKey)} <span className="text-muted-foreground">→ {m.targetName}</span>
              </span>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Forget ${describeSource(m.sourceKey)}`}
                onClick={() =>
                  forget.mutate(m.id, {
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: 'Could not forget it',
                        description: apiErrorMessage(error),
                      }),
                  })
                }
              >
                <Trash2 />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
