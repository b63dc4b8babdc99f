// Estimate PDF generation: the warm browser (one Chromium kept running, a fresh
// context per PDF, as the estimates service does) next to a cold launch per PDF
// (launch, render, close), in the same run, over the same ~60-item estimate.
//
//   bash scripts/with-node24.sh node scripts/bench/estimate-pdf.mjs [warmRuns=30] [coldRuns=8]
//
// Needs the backend built (node scripts/build.mjs) and Chromium at CHROMIUM_PATH
// or /usr/bin/chromium. Prints p50/p95 in ms for each and the ratio.
import { createRequire } from 'node:module';
import { cpus } from 'node:os';

const require = createRequire(import.meta.url);
const dist = new URL('../../services/estimates/dist/src/', import.meta.url).pathname;
const { computeEstimate } = require(`${dist}engine/cost-engine.js`);
const { CATALOGUE } = require(`${dist}engine/catalogue.js`);
const { PdfRenderer } = require(`${dist}render/pdf.js`);
const { deterministicSummary } = require(`${dist}estimates/summary.js`);

const warmRuns = Number(process.argv[2] ?? 30);
const coldRuns = Number(process.argv[3] ?? 8);

const materials = CATALOGUE.filter((_, i) => i % 3 === 0).map((item, i) => ({
  name: item.name,
  quantity: String(((i * 37) % 400) + 1.25),
  unit: item.unit,
}));
const result = computeEstimate(materials, {
  overheadPercentage: '15',
  profitMargin: '10',
  includeTimeline: true,
  includeMilestones: true,
});
const createdAt = new Date();
const estimate = {
  id: '00000000-0000-4000-8000-000000000000',
  title: 'Estimate for Benchmark House',
  projectName: 'Benchmark House',
  summary: deterministicSummary('Benchmark House', result),
  ...result,
  currency: 'USD',
  createdAt,
  validUntil: new Date(createdAt.getTime() + 30 * 86_400_000),
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const time = async (fn) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

const warm = new PdfRenderer();
await warm.render(estimate); // launch and first-render warm-up, not counted
const warmTimes = [];
for (let i = 0; i < warmRuns; i++) warmTimes.push(await time(() => warm.render(estimate)));
await warm.close();

const coldTimes = [];
for (let i = 0; i < coldRuns; i++) {
  coldTimes.push(
    await time(async () => {
      const renderer = new PdfRenderer();
      await renderer.render(estimate);
      await renderer.close();
    }),
  );
}

const items = result.estimateData.sections.reduce((n, s) => n + s.items.length, 0);
const fmt = (ms) => `${ms.toFixed(0)} ms`;
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
console.log(`estimate: ${items} items in ${result.estimateData.sections.length} sections`);
console.log(
  `warm browser (${warmRuns} PDFs): p50 ${fmt(percentile(warmTimes, 50))}, p95 ${fmt(percentile(warmTimes, 95))}`,
);
console.log(
  `cold launch  (${coldRuns} PDFs): p50 ${fmt(percentile(coldTimes, 50))}, p95 ${fmt(percentile(coldTimes, 95))}`,
);
console.log(`cold / warm p50: ${(percentile(coldTimes, 50) / percentile(warmTimes, 50)).toFixed(1)}×`);
