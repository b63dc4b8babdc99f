// The estimates screen (SPEC §2, §4, §5, §8) in Chromium at desktop and phone
// widths, against real identity, projects and estimates behind the gateway.
/* global document */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { DESKTOP, MOBILE, chromiumMissing, screenshot, useApp } from './support/app.mjs';

const require = createRequire(import.meta.url);
const { testInfra } = require('@kerf/platform/testing');
const { connect } = require('@nats-io/transport-node');
const { jetstream } = require('@nats-io/jetstream');
const { Client } = require('pg');
const { PutObjectCommand, S3Client } = require('@aws-sdk/client-s3');
const { computeEstimate } = require('../services/estimates/dist/src/engine/cost-engine.js');
const { renderXlsx } = require('../services/estimates/dist/src/render/xlsx.js');
const { PdfRenderer } = require('../services/estimates/dist/src/render/pdf.js');
const { deterministicSummary } = require('../services/estimates/dist/src/estimates/summary.js');

describe('estimates screen in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity', 'projects', 'estimates']);

  async function signedInWithProject(viewport) {
    const context = await suite.browser.newContext({ viewport, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${suite.app.gatewayUrl}/`);
    const user = await page.evaluate(async (username) => {
      const res = await fetch('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ username, password: 'long enough 1', firstName: 'Dana', lastName: 'Builder' }),
      });
      return res.json();
    }, `est-${randomUUID()}@example.com`);
    const nc = await connect({ servers: (await testInfra()).natsUrl });
    const id = randomUUID();
    const type = 'subscription-confirmed';
    await jetstream(nc).publish(
      `${suite.app.services.projects.env.EVENTS_SUBJECT_PREFIX}.${type}`,
      JSON.stringify({
        id,
        type,
        occurredAt: new Date().toISOString(),
        data: {
          userId: user.id,
          plan: 'quarterly',
          status: 'trialing',
          currentPeriodEnd: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
      }),
      { msgID: id },
    );
    await nc.close();
    await suite.app.services.projects.waitFor(new RegExp(`"eventId":"${id}"`));
    const project = await page.evaluate(async () => {
      const res = await fetch('/api/projects', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ name: 'Riverside Duplex' }),
      });
      return res.json();
    });
    return { context, page, project };
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ]) {
    it(`shows the project's estimates page, imports a price list and reports a failed generation (${label})`, async () => {
      const { context, page, project } = await signedInWithProject(viewport);
      await page.goto(`${suite.app.gatewayUrl}/estimates/${project.id}`);
      await page.getByRole('heading', { name: 'Project Estimates' }).waitFor();
      await page.getByText('Riverside Duplex').first().waitFor();
      assert.ok(await page.getByRole('link', { name: 'Back to Dashboard' }).isVisible());
      assert.equal(await page.getByLabel('Overhead (%)').inputValue(), '15');
      assert.equal(await page.getByLabel('Profit Margin (%)').inputValue(), '10');
      assert.equal(await page.getByLabel('Overhead (%)').getAttribute('max'), '50');
      assert.equal(await page.getByLabel('Profit Margin (%)').getAttribute('max'), '30');

      // A price list imported from CSV appears in the manager and in the generate panel's choice.
      const dir = mkdtempSync(join(tmpdir(), 'kerf-e2e-'));
      const csv = join(dir, 'acme.csv');
      writeFileSync(csv, 'name,unit,material cost,labor hours,equipment cost\nDrywall,sq ft,0.50,0.02,0\n');
      await page.getByLabel('Price list name').fill('Acme prices');
      await page.getByLabel('Price list file').setInputFiles(csv);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByRole('list', { name: 'Price lists' }).getByText('1 item').waitFor();
      assert.ok(await page.locator('option', { hasText: 'Acme prices' }).count());

      // No materials service in this stack: the failure toast of SPEC §8, and no estimate appears.
      await page.getByRole('button', { name: 'Generate Estimate' }).click();
      await page.getByText('Generation Failed').first().waitFor({ timeout: 15_000 });
      assert.equal(await page.getByTestId('estimate-card').count(), 0);
      await page.waitForTimeout(300);
      await screenshot(page, `estimates-${label}`);

      await page.goto(`${suite.app.gatewayUrl}/estimates/${randomUUID()}`);
      await page.getByRole('heading', { name: 'Project Not Found' }).waitFor();
      await screenshot(page, `estimates-not-found-${label}`);
      await context.close();
    });
  }

  /**
   * A stored estimate, written as the service writes one (the engine's numbers,
   * the real PDF and XLSX renderers, S3, the estimates table). Generation itself
   * needs ai-chat's materials (issue 7); this checks what the screen does with
   * an estimate: totals, tabs, badges, the PDF download and a status change.
   */
  async function storeEstimate(project, userId) {
    const result = computeEstimate(
      [
        { name: 'Ready-mix concrete 3000 psi', quantity: '10', unit: 'cu yd', category: 'Concrete' },
        { name: 'Rebar', quantity: '1200', unit: 'lb' },
        { name: 'Gypsum board 1/2 in', quantity: '2400', unit: 'sq ft' },
        { name: 'Interior paint two coats', quantity: '2400', unit: 'sq ft' },
        { name: 'Duplex receptacle', quantity: '24', unit: 'each' },
        { name: 'Water closet', quantity: '2', unit: 'each' },
        { name: 'Unobtainium widget', quantity: '3', unit: 'each' },
      ],
      { overheadPercentage: '15', profitMargin: '10', includeTimeline: true, includeMilestones: true },
    );
    const id = randomUUID();
    const createdAt = new Date();
    const renderable = {
      id,
      title: `Estimate for ${project.name}`,
      projectName: project.name,
      summary: deterministicSummary(project.name, result),
      ...result,
      currency: 'USD',
      createdAt,
      validUntil: new Date(createdAt.getTime() + 30 * 86_400_000),
    };
    const renderer = new PdfRenderer();
    const pdf = await renderer.render(renderable);
    await renderer.close();
    const xlsx = await renderXlsx(renderable);
    const env = suite.app.services.estimates.env;
    const s3 = new S3Client({
      region: env.S3_REGION ?? 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    });
    const pdfKey = `estimates/${project.id}/${id}.pdf`;
    const xlsxKey = `estimates/${project.id}/${id}.xlsx`;
    await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET ?? 'kerf', Key: pdfKey, Body: pdf }));
    await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET ?? 'kerf', Key: xlsxKey, Body: xlsx }));
    const db = new Client({ connectionString: suite.app.databases.estimates });
    await db.connect();
    await db.query(
      `INSERT INTO estimates (id, project_id, user_id, title, summary, total_cost, labor_cost, material_cost, equipment_cost,
         overhead_percentage, profit_margin, estimate_data, generated_by_ai, pdf_url, pdf_key, xlsx_key, valid_until, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,false,$13,$14,$15,$16,$17)`,
      [
        id,
        project.id,
        userId,
        renderable.title,
        renderable.summary,
        result.totalCost,
        result.laborCost,
        result.materialCost,
        result.equipmentCost,
        result.overheadPercentage,
        result.profitMargin,
        JSON.stringify(result.estimateData),
        `/api/estimates/${id}/pdf`,
        pdfKey,
        xlsxKey,
        renderable.validUntil,
        createdAt,
      ],
    );
    await db.end();
    return { id, result };
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ]) {
    it(`shows a stored estimate's totals, downloads its PDF and changes its status (${label})`, async () => {
      const { context, page, project } = await signedInWithProject(viewport);
      const userId = (await page.evaluate(() => fetch('/api/user', { credentials: 'include' }).then((r) => r.json())))
        .id;
      const { id, result } = await storeEstimate(project, userId);
      const usd = (v) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(v));
      await page.goto(`${suite.app.gatewayUrl}/estimates/${project.id}`);
      const card = page.getByTestId('estimate-card');
      await card.waitFor();
      assert.equal(await card.getByTestId('estimate-total').textContent(), usd(result.totalCost));
      assert.equal(await card.getByTestId('material-cost').textContent(), usd(result.materialCost));
      assert.equal(await card.getByTestId('labor-cost').textContent(), usd(result.laborCost));
      assert.equal(await card.getByTestId('estimate-status').textContent(), 'draft');
      assert.match(await card.getByTestId('estimate-status').getAttribute('class'), /bg-secondary/);
      assert.equal(
        await card.getByTestId('estimate-assumptions').locator('li').count(),
        3,
        'at most 3 assumptions on the card',
      );
      await screenshot(page, `estimate-card-${label}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'PDF' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `estimate-${id}.pdf`);
      const dir = mkdtempSync(join(tmpdir(), 'kerf-e2e-pdf-'));
      await download.saveAs(join(dir, 'e.pdf'));
      const { execFileSync } = await import('node:child_process');
      const text = execFileSync('pdftotext', [join(dir, 'e.pdf'), '-'], { encoding: 'utf8' });
      assert.ok(text.includes(usd(result.totalCost)), 'the PDF shows the total');
      await page.getByText('PDF Downloaded').first().waitFor();

      await card.getByLabel('Status').selectOption('approved');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="estimate-status"]')?.textContent === 'approved',
      );
      assert.match(await card.getByTestId('estimate-status').getAttribute('class'), /bg-primary/);

      await card.getByRole('tab', { name: 'Breakdown' }).click();
      for (const section of result.estimateData.sections) {
        await card.getByText(section.name).waitFor();
        assert.ok(section.items.length <= 3 || (await card.getByText(section.items[3].description).count()) === 0);
      }
      await screenshot(page, `estimate-breakdown-${label}`);
      await context.close();
    });
  }
});
