/* global DataTransfer */
// The documents panel in Chromium (SPEC §2, §5, §8): upload a PDF and a DXF into
// the bid tab, watch them analysed, open the findings, delete one; against the
// real identity, projects, billing and documents services and S3.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import {
  CORPUS,
  DESKTOP,
  MOBILE,
  chromiumMissing,
  screenshot,
  trialUserWithProject,
  uploadAndWaitAnalyzed,
  useApp,
  toastShown,
} from './support/app.mjs';

const PDF = 'opentakeoff_va-sample-finish-plan.pdf';
const DXF = 'ezdxf_multi_insert_with_attribs.dxf';

/** The headers of the dialog's tables wider than their frame (columns scrolled out of sight); throws when it has none. */
async function clippedTables(dialog) {
  const tables = await dialog.locator('table').evaluateAll((all) =>
    all.map((t) => ({
      head: t.querySelector('thead').innerText,
      clipped: t.parentElement.scrollWidth > t.parentElement.clientWidth,
    })),
  );
  assert.ok(tables.length > 0, 'the findings show their tables');
  return tables.filter((t) => t.clipped).map((t) => t.head);
}

describe('documents panel in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity', 'projects', 'billing', 'documents']);

  /** A signed-in user with a trial (the local test card) and one project. */
  async function userWithProject(viewport) {
    const context = await suite.browser.newContext({ viewport });
    const page = await context.newPage();
    await trialUserWithProject(page, suite.app.gatewayUrl, 'Finish plan takeoff');
    return { context, page };
  }

  it('uploads a PDF and a DXF into the bid tab, analyses them, shows the findings and deletes one', async () => {
    const { context, page } = await userWithProject(DESKTOP);
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    const panel = page.locator('section[aria-labelledby="documents-panel-title"]');
    await panel.getByRole('tab', { name: 'Bid Documents' }).click();
    await panel.getByText('No bid documents yet').waitFor();
    await panel.getByTestId('documents-file-input').setInputFiles([resolve(CORPUS, PDF), resolve(CORPUS, DXF)]);
    await toastShown(page, 'Documents uploaded');
    const bid = panel.getByRole('list', { name: 'Bid documents' });
    for (const name of [PDF, DXF]) {
      await bid.locator('li').filter({ hasText: name }).getByText('Analyzed').waitFor({ timeout: 60_000 });
    }
    await panel.getByRole('tab', { name: 'Project Files' }).click();
    await panel.getByText('No project files yet').waitFor();
    await panel.getByRole('tab', { name: 'Bid Documents' }).click();
    await screenshot(page, 'documents-panel-desktop');

    await bid.getByRole('button', { name: `View findings of ${DXF}` }).click();
    const dialog = page.getByRole('dialog', { name: DXF });
    const blocks = dialog.locator('section').filter({ has: page.getByRole('heading', { name: 'Blocks' }) });
    const flagRow = blocks.locator('tbody tr').filter({ hasText: 'FLAG' }).first();
    await flagRow.waitFor();
    // The ground truth (ezdxf): one MINSERT of FLAG, a 5 × 5 grid, 25 flags.
    assert.match(await flagRow.innerText(), /^FLAG\s+25\s+25$/);
    await page.waitForTimeout(300);
    await screenshot(page, 'documents-findings-dxf-desktop');
    await page.keyboard.press('Escape');

    await bid.getByRole('button', { name: `View findings of ${PDF}` }).click();
    const pdfDialog = page.getByRole('dialog', { name: PDF });
    await pdfDialog.getByRole('heading', { name: /Pages/ }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'documents-findings-pdf-desktop');
    await page.keyboard.press('Escape');

    await bid.getByRole('button', { name: `Delete ${PDF}` }).click();
    await page.getByRole('dialog', { name: 'Delete this file?' }).getByRole('button', { name: 'Delete' }).click();
    await toastShown(page, 'File deleted');
    // The dialog first: while it is open the page behind it is hidden from the accessibility tree, so the
    // list (found by its role) matches nothing and the PDF's row would look gone before the list is refetched.
    await page.getByRole('dialog', { name: 'Delete this file?' }).waitFor({ state: 'detached' });
    await bid.locator('li').filter({ hasText: PDF }).waitFor({ state: 'detached' });
    assert.equal(await bid.locator('li').count(), 1);
    await context.close();
  });

  it('fixes the units of a plan whose header says millimetres in one click, and every length follows', async () => {
    // The Bishop-Overland plan: header millimetres, drawn in inches; A-WALL is 8,596.1 in = 716.3 ft (truth.json).
    const PLAN = 'skymakerolof-dxf_floorplan.dxf';
    const { context, page } = await userWithProject(DESKTOP);
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    const panel = page.locator('section[aria-labelledby="documents-panel-title"]');
    await panel.getByTestId('documents-file-input').setInputFiles(resolve(CORPUS, PLAN));
    await panel.locator('li').filter({ hasText: PLAN }).getByText('Analyzed').waitFor({ timeout: 60_000 });
    await panel.getByRole('button', { name: `View findings of ${PLAN}` }).click();
    const dialog = page.getByRole('dialog', { name: PLAN });
    // The wall layer's length is its walls counted once, the lines drawn (both faces) beside its name.
    const wallLength = async () => {
      const row = dialog
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Layers' }) })
        .locator('tbody tr')
        .filter({
          has: page.getByRole('cell', {
            name: /^xref-Bishop-Overland-08\$0\$A-WALL \(walls, each once; [\d.,]+ ft of lines drawn\)$/,
          }),
        });
      const figure = (text) => Number(text.replaceAll(',', ''));
      const drawn = /each once; ([\d.,]+) ft/.exec(await row.locator('td').nth(0).innerText())[1];
      return { walls: figure(await row.locator('td').nth(1).innerText()), lines: figure(drawn) };
    };
    const warning = dialog.getByRole('alert').filter({ hasText: 'says it is in millimetres' });
    await warning.waitFor();
    assert.deepEqual(await wallLength().then(({ walls, lines }) => [Math.round(walls), Math.round(lines)]), [15, 28]);
    await page.waitForTimeout(300);
    await screenshot(page, 'documents-units-warning-desktop');

    await warning.getByRole('button', { name: 'Use inches' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /Drawing units set to inches by Sam Builder on .*; the file's header says millimetres\./ })
      .waitFor({ timeout: 60_000 });
    assert.deepEqual(await wallLength().then(({ walls, lines }) => [walls.toFixed(1), lines.toFixed(1)]), [
      '390.9',
      '716.3',
    ]);
    await dialog.getByText('in feet and square feet (drawn in inches)', { exact: false }).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Use inches' }).count(), 0);
    await page.waitForTimeout(300);
    await screenshot(page, 'documents-units-fixed-desktop');
    await page.keyboard.press('Escape');

    // At phone width, back to the header's millimetres from the list: the old figures and the offer return.
    await page.setViewportSize(MOBILE);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await panel.getByRole('button', { name: `View findings of ${PLAN}` }).click();
    await dialog.getByRole('combobox', { name: 'Drawing units' }).selectOption('mm');
    const restored = dialog.getByRole('alert').filter({ hasText: "as the file's header says" });
    await restored.waitFor({ timeout: 60_000 });
    await restored.getByRole('button', { name: 'Use inches' }).waitFor();
    assert.deepEqual(await wallLength().then(({ walls, lines }) => [Math.round(walls), Math.round(lines)]), [15, 28]);
    assert.deepEqual(await clippedTables(dialog), []);
    await page.waitForTimeout(300);
    await screenshot(page, 'documents-units-warning-mobile');
    await context.close();
  });

  it('refuses a file over 1024 MB in the browser, uploading nothing, and reads at phone width, a plan’s findings whole', async () => {
    const { context, page } = await userWithProject(MOBILE);
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Documents' }).click();
    const panel = page.locator('section[aria-labelledby="documents-panel-title"]');
    // A File whose size says 1.1 GB, handed to the input as a user's pick would be.
    await panel.getByTestId('documents-file-input').evaluate((input) => {
      const file = new File([new Uint8Array(8)], 'huge-scan.pdf', { type: 'application/pdf' });
      Object.defineProperty(file, 'size', { value: 1100 * 1024 * 1024 });
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const refused = await toastShown(page, 'Files too large');
    assert.match(refused.text, /huge-scan\.pdf \(1100\.0 MB\)/);
    await screenshot(page, 'documents-too-large-mobile');
    const listed = await page.evaluate(() =>
      fetch('/api/projects')
        .then((r) => r.json())
        .then(([project]) => fetch(`/api/documents?projectId=${project.id}`).then((r) => r.json())),
    );
    assert.deepEqual(listed, []);

    // A plan's findings at phone width: every table shows all its columns (the layers' four among them).
    await uploadAndWaitAnalyzed(page, PDF);
    await panel.getByRole('button', { name: `View findings of ${PDF}` }).click();
    const dialog = page.getByRole('dialog', { name: PDF });
    await dialog.getByRole('heading', { name: /Pages/ }).waitFor();
    assert.deepEqual(await clippedTables(dialog), []);
    await page.waitForTimeout(300);
    await screenshot(page, 'documents-findings-pdf-mobile');
    await context.close();
  });
});
