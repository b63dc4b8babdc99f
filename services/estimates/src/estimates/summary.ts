import type { EngineResult } from '../engine/estimate-data';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The summary written from the numbers alone (used when no AI provider is configured). */
export function deterministicSummary(projectName: string, result: EngineResult): string {
  const data = result.estimateData;
  const items = data.sections.reduce((n, s) => n + s.items.length, 0);
  const parts = [
    `Estimate for ${projectName}: ${items} priced item${items === 1 ? '' : 's'} in ${data.sections.length} section${data.sections.length === 1 ? '' : 's'}, totalling ${usd.format(Number(result.totalCost))} including ${result.overheadPercentage}% overhead and ${result.profitMargin}% profit.`,
    `Material ${usd.format(Number(result.materialCost))}, labour ${usd.format(Number(result.laborCost))}, equipment ${usd.format(Number(result.equipmentCost))}.`,
  ];
  if (data.timeline)
    parts.push(
      `Expected duration about ${data.timeline.duration} working day${data.timeline.duration === 1 ? '' : 's'}.`,
    );
  const needsPrice = data.unpriced.filter((u) => !u.kept).length;
  if (needsPrice) {
    parts.push(
      `${needsPrice} material${needsPrice === 1 ? ' needs' : 's need'} a price and ${needsPrice === 1 ? 'is' : 'are'} not in the total; see the assumptions.`,
    );
  }
  const proposed = data.materials?.proposed ?? 0;
  if (proposed) {
    parts.push(
      `It includes ${proposed} proposed material${proposed === 1 ? '' : 's'} not yet kept in the materials list.`,
    );
  }
  return parts.join(' ');
}
