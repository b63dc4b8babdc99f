// The materials panel in Chromium (issue 7): add by hand, edit in place, group by
// category, delete, and export to Excel read back with exceljs; against the real
// identity, projects, billing (a local trial) and ai-chat services.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, chromiumMissing, screenshot, trialUserWithProject, useApp } from './support/app.mjs';

const require = createRequire(import.meta.url);
const ExcelJS = require('exceljs');

describe('materials panel in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity', 'projects', 'billing', 'ai-chat']);

  it('adds, edits, groups, deletes and exports materials', async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    await trialUserWithProject(page, suite.app.gatewayUrl, 'Basement finish');

    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Materials' }).click();
    const panel = page.locator('section[aria-labelledby="materials-panel-title"]');
    await panel.getByText('No materials yet').waitFor();
    const form = panel.getByRole('form', { name: 'Add a material' });
    for (const [name, quantity, unit, category] of [
      ['Gypsum board 1/2 in', '1250', 'sq ft', 'Drywall'],
      ['Joint compound', '14', 'ea', 'Drywall'],
      ['Rubber base 4 in', '320', 'ft', ''],
    ]) {
      await form.getByLabel('Material name').fill(name);
      await form.getByLabel('Quantity').fill(quantity);
      await form.getByLabel('Unit').fill(unit);
      await form.getByLabel('Category').fill(category);
      await form.getByRole('button', { name: 'Add' }).click();
      await panel.getByText(name).waitFor();
    }
    assert.equal(await panel.getByRole('list', { name: 'Drywall' }).locator('li').count(), 2);
    assert.equal(await panel.getByRole('list', { name: 'Uncategorized' }).locator('li').count(), 1);

    await panel.getByRole('button', { name: 'Edit Joint compound' }).click();
    const edit = panel.getByRole('form', { name: 'Edit Joint compound' });
    await edit.getByLabel('Quantity').fill('16.5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await panel
      .getByRole('list', { name: 'Drywall' })
      .locator('li')
      .filter({ hasText: 'Joint compound' })
      .getByText('16.5 ea')
      .waitFor();
    // Delete offers Undo: the line comes back as it was; deleted again, it stays gone.
    await panel.getByRole('button', { name: 'Delete Rubber base 4 in' }).click();
    await panel.getByText('Rubber base 4 in').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await panel.getByRole('list', { name: 'Uncategorized' }).getByText('Rubber base 4 in').waitFor();
    await panel.getByRole('button', { name: 'Delete Rubber base 4 in' }).click();
    await panel.getByText('Rubber base 4 in').waitFor({ state: 'detached' });
    await screenshot(page, 'materials-panel-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: 'Export to Excel' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'Basement-finish-materials.xlsx');
    const file = join(mkdtempSync(join(tmpdir(), 'kerf-e2e-xlsx-')), 'materials.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Materials');
    const row = (n) => Array.from({ length: 8 }, (_, i) => sheet.getRow(n).getCell(i + 1).value ?? null);
    assert.deepEqual(row(1), ['Name', 'Quantity', 'Unit', 'Category', 'Source', 'Status', 'Added by', 'Notes']);
    // A line added by hand has no drawing behind it.
    assert.deepEqual(row(3), ['Joint compound', 16.5, 'ea', 'Drywall', null, 'kept', 'manual', null]);
    assert.equal(sheet.rowCount, 3);
    await context.close();
  });
});
