// A takeoff from start to finish in Chromium (issues 7 and 15): upload a DXF, ask
// how many doors there are, read the true count with its source, find it proposed
// in the materials list, keep it, correct it, export to Excel and read the row
// back with its source; and the walls of two drawings, each wall layer once,
// proposed once however often they are asked for.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHAT_SERVICES,
  CORPUS,
  DESKTOP,
  MOBILE,
  askInChat,
  chromiumMissing,
  screenshot,
  trialUserWithProject,
  uploadAndWaitAnalyzed,
  useApp,
} from './support/app.mjs';

const require = createRequire(import.meta.url);
const ExcelJS = require('exceljs');
const DXF = 'ezdxf_wipeout_door.dxf';
const WALL_DRAWINGS = ['skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf', 'skymakerolof-dxf_floorplan.dxf'];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The door blocks an independent CAD library counted in the drawing. */
const TRUE_DOORS = Object.entries(
  JSON.parse(readFileSync(join(CORPUS, `${DXF}.truth.json`), 'utf8')).inserts.effective_instances,
).filter(([block]) => /door/i.test(block));

describe('a takeoff in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(CHAT_SERVICES);

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`counts the doors of a drawing into an Excel export (${viewport.width} px)`, async () => {
      assert.equal(TRUE_DOORS.length, 1, 'the drawing has one door block');
      const [[block, doors]] = TRUE_DOORS;
      const context = await suite.browser.newContext({ viewport, acceptDownloads: true });
      const page = await context.newPage();
      await trialUserWithProject(page, suite.app.gatewayUrl, 'Door count');
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      const phone = viewport === MOBILE;
      // At phone width each panel is a tab of its own.
      if (phone) await page.getByRole('tab', { name: 'Documents' }).click();
      await uploadAndWaitAnalyzed(page, DXF);

      if (phone) await page.getByRole('tab', { name: 'Assistant' }).click();
      const reply = await askInChat(page, 'how many doors are there?');
      assert.match(await reply.innerText(), new RegExp(`- ${doors} ea doors \\(${DXF}, block ${block}\\)`));
      assert.match(await reply.getByRole('list', { name: 'Sources' }).innerText(), new RegExp(`block ${block}`));
      await screenshot(page, `takeoff-answer-${viewport.width}`);

      await page.getByRole('tab', { name: 'Materials' }).click();
      const materials = page.locator('section[aria-labelledby="materials-panel-title"]');
      const name = `Doors (${block})`;
      const row = materials.locator('li').filter({ hasText: name });
      await row.getByText(`${doors} ea`).waitFor();
      assert.equal(await row.getAttribute('data-status'), 'proposed');
      assert.equal(await row.getByTestId('material-source').innerText(), `${DXF} · block ${block}`);

      // Kept with one click; then the estimator, who knows of one more door drawn without a block, corrects the count.
      await materials.getByRole('button', { name: `Keep ${name}` }).click();
      await materials.locator('li[data-status="kept"]').filter({ hasText: name }).waitFor();
      await materials.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = materials.getByRole('form', { name: `Edit ${name}` });
      await edit.getByLabel('Quantity').fill(String(doors + 1));
      await edit.getByRole('button', { name: 'Save' }).click();
      await row.getByText(`${doors + 1} ea`).waitFor();
      await screenshot(page, `takeoff-materials-${viewport.width}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        materials.getByRole('link', { name: 'Export to Excel' }).click(),
      ]);
      const file = join(mkdtempSync(join(tmpdir(), 'kerf-e2e-takeoff-')), 'materials.xlsx');
      await download.saveAs(file);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.getWorksheet('Materials');
      const cells = (n) => Array.from({ length: 8 }, (_, i) => sheet.getRow(n).getCell(i + 1).value ?? null);
      assert.deepEqual(cells(1), ['Name', 'Quantity', 'Unit', 'Category', 'Source', 'Status', 'Added by', 'Notes']);
      assert.deepEqual(cells(2), [
        name,
        doors + 1,
        'ea',
        'Doors & windows',
        `${DXF}, block ${block}`,
        'kept',
        'ai',
        null,
      ]);
      assert.equal(sheet.rowCount, 2);
      await context.close();
    });
  }

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`proposes the walls of two drawings once each, however often asked, and keeps them (${viewport.width} px)`, async () => {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      await trialUserWithProject(page, suite.app.gatewayUrl, 'Two houses');
      await page.goto(`${suite.app.gatewayUrl}/dashboard`);
      const phone = viewport === MOBILE;
      if (phone) await page.getByRole('tab', { name: 'Documents' }).click();
      for (const drawing of WALL_DRAWINGS) await uploadAndWaitAnalyzed(page, drawing);
      if (phone) await page.getByRole('tab', { name: 'Assistant' }).click();

      const reply = await askInChat(page, 'What is the total length of the walls?');
      const text = await reply.innerText();
      for (const drawing of WALL_DRAWINGS) assert.match(text, new RegExp(`^Total on ${escape(drawing)}: walls`, 'm'));
      assert.doesNotMatch(text, /^Total:/m, 'no total across the two drawings');
      const wallLines = text.split('\n').filter((line) => /^- .* ft walls \(/.test(line));
      assert.equal(
        new Set(wallLines.map((line) => /\((.*)\);/.exec(line)[1])).size,
        wallLines.length,
        'each layer once',
      );

      await page.getByRole('tab', { name: 'Materials' }).click();
      const materials = page.locator('section[aria-labelledby="materials-panel-title"]');
      const proposed = materials.locator('li[data-status="proposed"]');
      await materials.getByRole('button', { name: `Keep all (${wallLines.length})` }).waitFor();
      assert.equal(await proposed.count(), wallLines.length);
      // Rounded as a person writes them.
      for (const quantity of await materials.getByTestId('material-quantity').allInnerTexts())
        assert.match(quantity, /^\d{1,3}(,\d{3})*(\.\d{1,2})? ft$/);
      await screenshot(page, `takeoff-proposed-${viewport.width}`);

      // Asked again, in other words: the same lines, nothing added.
      if (phone) await page.getByRole('tab', { name: 'Assistant' }).click();
      await askInChat(page, 'How long are the walls?');
      if (phone) await page.getByRole('tab', { name: 'Materials' }).click();
      await materials.getByRole('button', { name: `Keep all (${wallLines.length})` }).waitFor();
      assert.equal(await materials.locator('li').count(), wallLines.length);

      await materials.getByRole('button', { name: `Keep all (${wallLines.length})` }).click();
      await proposed.first().waitFor({ state: 'detached' });
      assert.equal(await materials.locator('li[data-status="kept"]').count(), wallLines.length);
      await context.close();
    });
  }
});
