// A takeoff from start to finish in Chromium (issue 7): upload a DXF, ask how
// many doors there are, read the true count with its source, find it in the
// materials list, correct it there, export to Excel and read the row back.
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
      const row = materials.locator('li').filter({ hasText: 'doors' });
      await row.getByText(`${doors} ea`).waitFor();

      // The estimator knows of one more door drawn without a block, and corrects the count.
      await materials.getByRole('button', { name: 'Edit doors' }).click();
      const edit = materials.getByRole('form', { name: 'Edit doors' });
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
      assert.deepEqual(sheet.getRow(1).values.slice(1), ['Name', 'Quantity', 'Unit', 'Category', 'Source', 'Notes']);
      assert.deepEqual(sheet.getRow(2).values.slice(1), ['doors', doors + 1, 'ea', 'AI Detected', 'ai']);
      assert.equal(sheet.rowCount, 2);
      await context.close();
    });
  }
});
