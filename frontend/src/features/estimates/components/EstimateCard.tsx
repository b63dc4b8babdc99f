import { Download, FileSpreadsheet, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error';
import { downloadEstimateFile, useDeleteEstimate, useUpdateEstimateStatus } from '@/features/estimates/api/estimates';
import { badgeVariant, formatUsd, type Estimate, type EstimateStatus } from '@/features/estimates/lib/estimate';
import { EstimateChecks } from '@/features/estimates/components/EstimateChecks';
import { EstimateLines } from '@/features/estimates/components/EstimateLines';
import { NeedsPrice } from '@/features/estimates/components/NeedsPrice';

const STATUSES: EstimateStatus[] = ['draft', 'final', 'approved', 'archived'];

export function EstimateCard({ estimate }: { estimate: Estimate }) {
  const data = estimate.estimateData ?? {};
  const [downloading, setDownloading] = useState(false);
  const updateStatus = useUpdateEstimateStatus(estimate.projectId);
  const remove = useDeleteEstimate(estimate.projectId);

  async function download(format: 'pdf' | 'xlsx') {
    setDownloading(true);
    try {
      await downloadEstimateFile(estimate.id, format);
      if (format === 'pdf') toast({ title: 'PDF Downloaded', duration: 5000 });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Download Failed',
        description: 'Could not download the PDF. Please try again.',
        duration: 5000,
      });
    } finally {
      setDownloading(false);
    }
  }

  function changeStatus(status: EstimateStatus) {
    updateStatus.mutate(
      { id: estimate.id, status },
      {
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Update failed', description: apiErrorMessage(error) }),
      },
    );
  }

  return (
    <Card data-testid="estimate-card">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle className="text-lg">{estimate.title}</CardTitle>
            <CardDescription>
              {new Date(estimate.createdAt).toLocaleDateString('en-US')} · valid until{' '}
              {new Date(estimate.validUntil).toLocaleDateString('en-US')}
            </CardDescription>
          </div>
          <Badge variant={badgeVariant(estimate.status)} data-testid="estimate-status">
            {estimate.status}
          </Badge>
        </div>
        <div className="text-2xl font-semibold" data-testid="estimate-total">
          {formatUsd(estimate.totalCost)}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <EstimateChecks data={data} />
        <Tabs defaultValue="summary">
          <TabsList>
            <TabsTrigger value="summary">Summary</TabsTrigger>
            <TabsTrigger value="breakdown">Breakdown</TabsTrigger>
            <TabsTrigger value="terms">Terms</TabsTrigger>
          </TabsList>
          <TabsContent value="summary" className="space-y-3 pt-3">
            <p className="text-sm">{estimate.summary}</p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">Materials</dt>
                <dd data-testid="material-cost">{formatUsd(estimate.materialCost)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Labor</dt>
                <dd data-testid="labor-cost">{formatUsd(estimate.laborCost)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Equipment</dt>
                <dd data-testid="equipment-cost">{formatUsd(estimate.equipmentCost)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Overhead ({Number(estimate.overheadPercentage)}%)</dt>
                <dd>{formatUsd(data.pricing?.overheadAmount)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Profit ({Number(estimate.profitMargin)}%)</dt>
                <dd>{formatUsd(data.pricing?.profitAmount)}</dd>
              </div>
              {data.timeline ? (
                <div>
                  <dt className="text-muted-foreground">Timeline</dt>
                  <dd>{data.timeline.duration} days</dd>
                </div>
              ) : null}
            </dl>
            {data.assumptions?.length ? (
              <div>
                <h4 className="text-sm font-medium">Assumptions</h4>
                <ul className="list-disc pl-5 text-sm text-muted-foreground" data-testid="estimate-assumptions">
                  {data.assumptions.slice(0, 3).map((assumption) => (
                    <li key={assumption}>{assumption}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </TabsContent>
          <TabsContent value="breakdown" className="space-y-4 pt-3">
            {(data.sections ?? []).map((section) => (
              <div key={section.name}>
                <div className="flex justify-between text-sm font-medium">
                  <span>{section.name}</span>
                  <span>{formatUsd(section.subtotal)}</span>
                </div>
                <ul className="mt-1 space-y-0.5 text-sm text-muted-foreground">
                  {section.items.slice(0, 3).map((item, i) => (
                    <li key={`${item.description}-${i}`} className="flex justify-between gap-3">
                      <span className="min-w-0 truncate">
                        {item.description} · {item.quantity} {item.unit}
                      </span>
                      <span className="shrink-0">{formatUsd(item.totalCost)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            {data.pricing?.notice ? <p className="text-xs text-muted-foreground">{data.pricing.notice}</p> : null}
          </TabsContent>
          <TabsContent value="terms" className="space-y-2 pt-3 text-sm">
            <p>
              <span className="font-medium">Payment schedule: </span>
              {data.terms?.paymentSchedule}
            </p>
            <p>
              <span className="font-medium">Warranty: </span>
              {data.terms?.warranty}
            </p>
          </TabsContent>
        </Tabs>
        <EstimateLines estimate={estimate} />
        <NeedsPrice estimate={estimate} />
        <div className="flex flex-wrap items-center gap-2">
          {estimate.pdfUrl ? (
            <Button size="sm" onClick={() => void download('pdf')} disabled={downloading}>
              <Download /> PDF
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => void download('xlsx')} disabled={downloading}>
            <FileSpreadsheet /> Excel
          </Button>
          <label className="flex items-center gap-2 text-sm">
            <span className="sr-only">Status</span>
            <select
              aria-label="Status"
              className="h-8 rounded-md border bg-background px-2 text-sm"
              value={estimate.status}
              onChange={(e) => changeStatus(e.target.value as EstimateStatus)}
            >
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Delete estimate"
            onClick={() => remove.mutate(estimate.id)}
            disabled={remove.isPending}
          >
            <Trash2 />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
