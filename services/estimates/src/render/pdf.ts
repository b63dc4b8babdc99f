import Handlebars from 'handlebars';
import { chromium, type Browser } from 'playwright-core';
import type { RenderableEstimate } from './xlsx';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const hb = Handlebars.create();
hb.registerHelper('usd', (value: string) => usd.format(Number(value)));
hb.registerHelper('date', (value: Date) => value.toISOString().slice(0, 10));
hb.registerHelper('percent', (value: number) => `${Math.round(Number(value) * 100)}%`);
hb.registerHelper('ne', (a: unknown, b: unknown) => a !== b);

const TEMPLATE = hb.compile(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{title}}</title>
<style>
  @page { size: Letter; margin: 18mm 16mm 20mm; }
  body { font: 10.5pt/1.45 "DejaVu Sans", Arial, sans-serif; color: #1c2430; }
  header { display: flex; justify-content: space-between; border-bottom: 3px solid #1f4e79; padding-bottom: 8px; }
  h1 { font-size: 20pt; margin: 0; color: #1f4e79; }
  h2 { font-size: 12.5pt; color: #1f4e79; margin: 18px 0 6px; border-bottom: 1px solid #c9d3de; }
  .meta { text-align: right; font-size: 9.5pt; }
  table { width: 100%; border-collapse: collapse; font-size: 9.5pt; }
  th, td { padding: 4px 6px; border-bottom: 1px solid #e2e7ed; text-align: left; vertical-align: top; }
  th { background: #eef2f6; }
  td.n, th.n { text-align: right; white-space: nowrap; }
  tr.sub td { font-weight: bold; background: #f7f9fb; }
  tr.total td { font-weight: bold; font-size: 11.5pt; border-top: 2px solid #1f4e79; }
  .notice { font-size: 9pt; color: #6b4e00; background: #fff6d8; padding: 6px 8px; margin-top: 8px; }
  section { break-inside: avoid-page; }
  table.lines { font-size: 8.5pt; }
  tr.why td { font-size: 7.5pt; color: #4a5563; border-bottom: 1px solid #c9d3de; padding-top: 0; }
  ul.warnings li { color: #7a3b00; }
  .small { font-size: 8pt; color: #4a5563; }
</style></head>
<body>
<header>
  <div><h1>Kerf</h1><div>Construction Estimate</div></div>
  <div class="meta"><div><strong>{{title}}</strong></div><div>Project: {{projectName}}</div>
  <div>Date: {{date createdAt}}</div><div>Valid until: {{date validUntil}}</div><div>Estimate {{id}}</div></div>
</header>
<h2>Summary</h2>
<p>{{summary}}</p>
{{#if estimateData.materials}}<p class="small">Built from {{estimateData.materials.total}} materials: {{estimateData.materials.priced}} priced, {{estimateData.materials.needsPrice}} needing a price{{#if estimateData.materials.kept}}, {{estimateData.materials.kept}} kept as existing{{/if}}; {{estimateData.materials.proposed}} proposed (not yet kept).</p>{{/if}}
<div class="notice">{{estimateData.pricing.notice}}</div>
<h2>Cost breakdown</h2>
<table>
  <tr><td>Material</td><td class="n">{{usd materialCost}}</td></tr>
  <tr><td>Labour</td><td class="n">{{usd laborCost}}</td></tr>
  <tr><td>Equipment</td><td class="n">{{usd equipmentCost}}</td></tr>
  <tr class="sub"><td>Subtotal</td><td class="n">{{usd estimateData.pricing.subtotal}}</td></tr>
  <tr><td>Overhead ({{overheadPercentage}}%)</td><td class="n">{{usd estimateData.pricing.overheadAmount}}</td></tr>
  <tr><td>Profit ({{profitMargin}}%)</td><td class="n">{{usd estimateData.pricing.profitAmount}}</td></tr>
  <tr class="total"><td>Total (USD)</td><td class="n">{{usd totalCost}}</td></tr>
</table>
{{#if estimateData.warnings.length}}
<section><h2>Checks</h2><ul class="warnings">{{#each estimateData.warnings}}<li>{{message}}</li>{{/each}}</ul>
{{#if estimateData.costPerSqFt}}<p class="small">Cost per square foot of measured floor area: {{usd estimateData.costPerSqFt}} ({{estimateData.floorArea.sqFt}} sq ft, {{estimateData.floorArea.source}}).</p>{{/if}}
</section>
{{/if}}
<h2>Sections</h2>
<table class="lines">
  <thead><tr><th>Description</th><th class="n">Quantity</th><th>Unit</th><th class="n">Waste</th><th class="n">Material</th><th class="n">Labour</th><th class="n">Equipment</th><th class="n">Total</th></tr></thead>
  {{#each estimateData.sections}}
  <tbody>
    <tr class="sub"><td colspan="8">{{name}}</td></tr>
    {{#each items}}<tr><td>{{description}}</td><td class="n">{{quantity}}</td><td>{{unit}}</td><td class="n">{{waste}}</td><td class="n">{{usd materialCost}}</td><td class="n">{{usd laborCost}}</td><td class="n">{{usd equipmentCost}}</td><td class="n">{{usd totalCost}}</td></tr>
    {{#if pricedBy}}<tr class="why"><td colspan="8">Source: {{sourceQuantity.quantity}} {{sourceQuantity.unit}}{{#if sourceQuantity.origin}}, {{sourceQuantity.origin}}{{/if}}{{#if sourceQuantity.proposed}} (proposed){{/if}}. Priced by {{#if mapped}}your earlier choice, {{/if}}{{pricedBy}}: {{reason}} ({{percent confidence}} sure).{{#if components.length}} Components: {{#each components}}{{name}} {{quantity}} {{unit}}{{#if (ne wastePercent "0")}} incl. {{wastePercent}}% waste{{/if}} {{usd totalCost}}{{#unless @last}}; {{/unless}}{{/each}}.{{/if}}</td></tr>{{/if}}
    {{/each}}
    <tr class="sub"><td colspan="7">Subtotal {{name}}</td><td class="n">{{usd subtotal}}</td></tr>
  </tbody>
  {{/each}}
</table>
{{#if estimateData.unpriced.length}}
<section><h2>Needs a price</h2>
<table><thead><tr><th>Material</th><th class="n">Quantity</th><th>Why</th><th>Candidates</th></tr></thead>
{{#each estimateData.unpriced}}<tr><td>{{name}}{{#if origin}}<br><span class="small">{{origin}}</span>{{/if}}</td><td class="n">{{quantity}} {{unit}}</td><td>{{reason}}</td><td>{{#each candidates}}{{name}} (≈ {{usd lineTotal}}){{#unless @last}}; {{/unless}}{{else}}none{{/each}}</td></tr>{{/each}}
</table></section>
{{/if}}
{{#if estimateData.timeline}}
<section><h2>Timeline</h2>
<p>About {{estimateData.timeline.duration}} working days ({{estimateData.timeline.laborHours}} labour hours, crew of {{estimateData.timeline.crewSize}}).</p>
{{#if estimateData.milestones}}<table><tr><th>Milestone</th><th class="n">Day</th><th class="n">Complete</th></tr>
{{#each estimateData.milestones}}<tr><td>{{name}}</td><td class="n">{{day}}</td><td class="n">{{percentComplete}}%</td></tr>{{/each}}</table>{{/if}}
</section>
{{/if}}
<section><h2>Assumptions</h2><ul>{{#each estimateData.assumptions}}<li>{{this}}</li>{{/each}}</ul></section>
<section><h2>Terms</h2>
<p><strong>Payment schedule.</strong> {{estimateData.terms.paymentSchedule}}</p>
<p><strong>Warranty.</strong> {{estimateData.terms.warranty}}</p>
<p>This estimate is valid until {{date validUntil}}. Amounts in US dollars.</p></section>
</body></html>`);

export function renderHtml(estimate: RenderableEstimate): string {
  return TEMPLATE(estimate);
}

const FOOTER = `<div style="font-size:8px;width:100%;text-align:center;color:#667">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`;

/** One Chromium kept warm for every PDF; launched on first use and again if it dies. */
export class PdfRenderer {
  private browser?: Promise<Browser>;

  constructor(private readonly executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') {}

  private launch(): Promise<Browser> {
    const launching = chromium.launch({ executablePath: this.executablePath, headless: true, args: CHROMIUM_ARGS });
    launching
      .then((browser) =>
        browser.on('disconnected', () => {
          if (this.browser === launching) this.browser = undefined;
        }),
      )
      .catch(() => {
        if (this.browser === launching) this.browser = undefined;
      });
    return launching;
  }

  private async ready(): Promise<Browser> {
    this.browser ??= this.launch();
    const browser = await this.browser;
    if (browser.isConnected()) return browser;
    this.browser = this.launch();
    return this.browser;
  }

  /** Launches the browser ahead of the first PDF (a failure is retried by the next render). */
  warm(): void {
    this.ready().catch(() => undefined);
  }

  async render(estimate: RenderableEstimate): Promise<Buffer> {
    const browser = await this.ready();
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.setContent(renderHtml(estimate), { waitUntil: 'load' });
      return await page.pdf({
        format: 'Letter',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<div></div>',
        footerTemplate: FOOTER,
        margin: { top: '18mm', bottom: '20mm', left: '16mm', right: '16mm' },
      });
    } finally {
      await context.close();
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close();
  }
}
