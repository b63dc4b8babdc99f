// Generating an estimate in Chromium from a project's materials list (issue 8),
// against the whole chain: identity, projects, billing (a real local trial),
// ai-chat (the materials) and estimates behind the gateway.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, chromiumMissing, screenshot, trialUserWithProject, useApp } from './support/app.mjs';

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
    await page.waitForTimeout(300);
    await screenshot(page, 'estimate-generated-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'PDF' }).click(),
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'kerf-e2e-gen-'));
    await download.saveAs(join(dir, 'e.pdf'));
    const text = execFileSync('pdftotext', [join(dir, 'e.pdf'), '-'], { encoding: 'utf8' });
    assert.ok(text.includes(usd(stored.totalCost)), 'the PDF shows the same total');

    await card.getByLabel('Status').selectOption('final');
    await card.getByTestId('estimate-status').filter({ hasText: 'final' }).waitFor();
    await context.close();
  });
});
