// The assistant in Chromium (issue 7): upload a DXF, ask how many there are,
// read the true count with its source, and find it in the materials list.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import {
  DESKTOP,
  REPO,
  chromiumMissing,
  launchBrowser,
  screenshot,
  startApp,
  trialUserWithProject,
} from './support/app.mjs';

const CORPUS = process.env.KERF_CORPUS_DIR ?? resolve(REPO, '../shared/corpus/real');
const DXF = 'ezdxf_multi_insert_with_attribs.dxf';

describe('assistant in Chromium', { skip: chromiumMissing }, () => {
  let app;
  let browser;

  before(async () => {
    app = await startApp(
      ['identity', 'projects', 'billing', 'documents', 'ai-chat'],
      process.env.KERF_E2E_STATIC_DIR ? { gateway: { STATIC_DIR: process.env.KERF_E2E_STATIC_DIR } } : {},
    );
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('answers a count from an uploaded drawing with its source, and the quantity lands in the materials', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await trialUserWithProject(page, app.gatewayUrl, 'Flag layout');
    await page.goto(`${app.gatewayUrl}/dashboard`);
    const documents = page.locator('section[aria-labelledby="documents-panel-title"]');
    await documents.getByTestId('documents-file-input').setInputFiles(resolve(CORPUS, DXF));
    await documents.locator('li').filter({ hasText: DXF }).getByText('Analyzed').waitFor({ timeout: 60_000 });

    const chat = page.locator('section[aria-labelledby="chat-panel-title"]');
    const box = chat.getByRole('textbox', { name: 'Message' });
    assert.ok(await chat.getByRole('button', { name: 'Send' }).isDisabled(), 'send is disabled while blank');
    await box.fill('How many flags are there?');
    await box.press('Enter');
    const reply = chat.getByTestId('ai-message').last();
    await reply.waitFor();
    assert.match(await reply.innerText(), /- 25 ea flags \(ezdxf_multi_insert_with_attribs\.dxf, block FLAG\)/);
    assert.match(await reply.getByRole('list', { name: 'Sources' }).innerText(), /block FLAG/);
    await page.getByRole('tab', { name: 'Materials' }).click();
    const materials = page.locator('section[aria-labelledby="materials-panel-title"]');
    await materials.getByText('flags').waitFor();
    assert.match(await materials.getByTestId('material-quantity').first().innerText(), /^25 ea$/);
    await screenshot(page, 'chat-answer-desktop');

    // Asking again adds no second copy of the material.
    await box.fill('How many flags are there?');
    await box.press('Enter');
    await chat.getByTestId('ai-message').nth(1).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await materials.getByText('flags').count(), 1);

    // AI Assistant Settings: saved, and shown again when reopened.
    await page.getByRole('button', { name: 'AI Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Assistant Settings' });
    await dialog.getByLabel('Response style').selectOption('concise');
    await dialog.getByLabel('Custom instructions (optional)').fill('Quantities in feet, please.');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByRole('status').filter({ hasText: 'AI Settings Saved', visible: true }).first().waitFor();
    await page.getByRole('button', { name: 'AI Settings' }).click();
    assert.equal(
      await page.getByRole('dialog', { name: 'AI Assistant Settings' }).getByLabel('Response style').inputValue(),
      'concise',
    );
    await context.close();
  });
});
