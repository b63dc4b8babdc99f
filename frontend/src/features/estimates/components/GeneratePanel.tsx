import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error';
import { useGenerateEstimate } from '@/features/estimates/api/estimates';
import { usePriceLists } from '@/features/estimates/api/price-lists';
import { PROGRESS_STEPS, numberOrZero } from '@/features/estimates/lib/estimate';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function GeneratePanel({ projectId }: { projectId: string }) {
  const [overhead, setOverhead] = useState('15');
  const [profit, setProfit] = useState('10');
  const [priceListId, setPriceListId] = useState('');
  const [progress, setProgress] = useState(0);
  const generate = useGenerateEstimate(projectId);
  const priceLists = usePriceLists();
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const step = PROGRESS_STEPS.find((s) => s.value === progress);

  async function run() {
    // SPEC §4: the first steps are partly timed pauses while the request runs.
    setProgress(10);
    const request = generate.mutateAsync({
      projectId,
      overheadPercentage: numberOrZero(overhead),
      profitMargin: numberOrZero(profit),
      includeTimeline: true,
      includeMilestones: true,
      ...(priceListId ? { priceListId } : {}),
    });
    request.catch(() => undefined);
    try {
      await pause(400);
      if (mounted.current) setProgress(30);
      await pause(400);
      if (mounted.current) setProgress(60);
      await Promise.race([request, pause(600)]);
      if (mounted.current) setProgress(90);
      await request;
      if (mounted.current) setProgress(100);
      toast({ title: 'Estimate Generated!', description: 'Your estimate is ready below.', duration: 5000 });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Generation Failed',
        description: apiErrorMessage(error) ?? 'Failed to generate estimate. Please try again.',
        duration: 5000,
      });
    } finally {
      if (mounted.current) setProgress(0);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Generate Estimate</CardTitle>
        <CardDescription>Prices this project's materials list into a cost estimate with a PDF.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="overhead"
            label="Overhead (%)"
            type="number"
            min={0}
            max={50}
            step="0.01"
            value={overhead}
            onChange={(e) => setOverhead(e.target.value)}
          />
          <TextField
            id="profit"
            label="Profit Margin (%)"
            type="number"
            min={0}
            max={30}
            step="0.01"
            value={profit}
            onChange={(e) => setProfit(e.target.value)}
          />
        </div>
        <label className="grid gap-1.5 text-sm">
          <span className="font-medium">Prices</span>
          <select
            className="h-9 w-full min-w-0 rounded-md border bg-background px-2"
            value={priceListId}
            onChange={(e) => setPriceListId(e.target.value)}
          >
            <option value="">Starter catalogue (illustrative defaults)</option>
            {(priceLists.data ?? []).map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        </label>
        {progress > 0 ? (
          <div className="space-y-1" role="status">
            <div className="h-2 overflow-hidden rounded bg-secondary">
              <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
            </div>
            <p className="text-sm text-muted-foreground">{step?.label}</p>
          </div>
        ) : null}
        <Button onClick={() => void run()} disabled={progress > 0}>
          {progress > 0 ? 'Generating...' : 'Generate Estimate'}
        </Button>
      </CardContent>
    </Card>
  );
}
