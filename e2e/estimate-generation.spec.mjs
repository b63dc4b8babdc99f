// Generating an estimate in Chromium from a project's materials list (issue 8),
// against the whole chain: identity, projects, billing (a real local trial),
// ai-chat (the materials) and estimates behind the gateway.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, MOBILE, chromiumMissing, screenshot, trialUserWithProject, useApp } from './support/app.mjs';

const usd = (v) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(v));

describe('estimate generation in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity', 'projects', 'billing', 'ai-chat', 'estimates']);

  it('generates from the materials list, shows the totals, downloads the PDF and finalises it', async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    const projectId = await trialUserWithProject(page, suite.app.gatewayUrl, 'Garage addition');
    await page.evaluate(async (id) => {
      for (const material of [
        { name: 'Ready-mix concrete 3000 psi', quantity: '12', unit: 'cu yd', category: 'Concrete' },
        { name: 'Gypsum board 1/2 in', quantity: '960', unit: 'sq ft', category: 'Drywall' },
        { name: '2x4 studs', quantity: '220', unit: 'ea', category: 'Wood' },
        { name: 'Exterior walls', quantity: '148.5', unit: 'ft' },
        { name: 'Walls', quantity: '96', unit: 'ft' },
        { name: 'Doors', quantity: '4', unit: 'ea' },
        { name: 'Floor area', quantity: '1240', unit: 'sq ft' },
        { name: 'COVERED DECK', quantity: '180', unit: 'sq ft' },
      ])
        await fetch('/api/materials', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ projectId: id, ...material }),
        });
    }, projectId);

    await page.goto(`${suite.app.gatewayUrl}/estimates/${projectId}`);
    await page.getByRole('heading', { name: 'Project Estimates' }).waitFor();
    await page.getByRole('button', { name: 'Generate Estimate' }).click();
    await page.getByText('Estimate Generated!').first().waitFor({ timeout: 60_000 });
    const card = page.getByTestId('estimate-card');
    await card.waitFor();
    const [stored] = await page.evaluate(
      (id) => fetch(`/api/estimates?projectId=${id}`).then((r) => r.json()),
      projectId,
    );
    assert.equal(await card.getByTestId('estimate-total').textContent(), usd(stored.totalCost));
    assert.ok(Number(stored.totalCost) > 0);
    // The estimate explains itself: its checks, its lines and what still needs a price.
    await card.getByTestId('estimate-warnings').waitFor();
    assert.match(await card.getByTestId('estimate-material-counts').textContent(), /Built from 8 materials/);
    assert.match(await card.getByTestId('estimate-cost-per-sq-ft').textContent(), /per sq ft of 1,240 sq ft/);
    const needs = card.getByTestId('needs-price');
    await needs.getByText('COVERED DECK').waitFor();
    assert.equal(await needs.getByRole('button', { name: /cabinet|Metal floor deck/i }).count(), 0);
    await card.getByRole('button', { name: /Show line details/ }).click();
    const lines = card.getByTestId('estimate-lines');
    await lines.getByText(/Assembly: Exterior wall, 2×6/).waitFor();
    await lines
      .getByText(/Waste 5–12%/)
      .first()
      .waitFor();

    // One click on a candidate prices "Walls" and re-prices the estimate.
    const before = stored.totalCost;
    await needs.getByRole('button', { name: /Use Interior partition, 2×4/ }).click();
    await page.getByText('Price applied').first().waitFor();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await lines.getByText(/applied your earlier choice/).waitFor();
    const [repriced] = await page.evaluate(
      (id) => fetch(`/api/estimates?projectId=${id}`).then((r) => r.json()),
      projectId,
    );
    assert.ok(Number(repriced.totalCost) > Number(before));
    await card
      .getByTestId('estimate-total')
      .filter({ hasText: usd(repriced.totalCost) })
      .waitFor();
    stored.totalCost = repriced.totalCost;
    const remembered = page.getByRole('list', { name: 'Remembered choices' });
    await remembered.getByText('Material "walls"').waitFor();
    await remembered.getByText(/→ Interior partition, 2×4/).waitFor();
    await screenshot(page, 'estimate-generated-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'estimate-generated-mobile');
    await page.setViewportSize(DESKTOP);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'PDF' }).click(),
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'kerf-e2e-gen-'));
    await download.saveAs(join(dir, 'e.pdf'));
    const text = execFileSync('pdftotext', [join(dir, 'e.pdf'), '-'], { encoding: 'utf8' });
    assert.ok(text.includes(usd(stored.totalCost)), 'the PDF shows the same total');

    // A remembered choice can be forgotten.
    await remembered.getByRole('button', { name: 'Forget Material "walls"' }).click();
    await page.getByRole('list', { name: 'Remembered choices' }).waitFor({ state: 'detached' });
    assert.deepEqual(await page.evaluate(() => fetch('/api/price-mappings').then((r) => r.json())), []);

    await card.getByLabel('Status').selectOption('final');
    await card.getByTestId('estimate-status').filter({ hasText: 'final' }).waitFor();
    await context.close();
  });
});
