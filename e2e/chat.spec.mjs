// The assistant in Chromium (issue 7): upload a DXF, ask how many there are,
// and read the true count with its source; annotation (a grid of flags) is not
// proposed as a material (issue 15).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import {
  CORPUS,
  DESKTOP,
  chromiumMissing,
  screenshot,
  trialUserWithProject,
  useApp,
  toastShown,
} from './support/app.mjs';

const DXF = 'ezdxf_multi_insert_with_attribs.dxf';

describe('assistant in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity', 'projects', 'billing', 'documents', 'ai-chat']);

  it('answers a count from an uploaded drawing with its source, and the quantity lands in the materials', async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await trialUserWithProject(page, suite.app.gatewayUrl, 'Flag layout');
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
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
    await screenshot(page, 'chat-answer-desktop');

    // A grid of flag symbols is drawing annotation, not a building material: the list stays empty
    // (e2e/takeoff.spec.mjs follows quantities that are materials into the list).
    await page.getByRole('tab', { name: 'Materials' }).click();
    const materials = page.locator('section[aria-labelledby="materials-panel-title"]');
    await materials.getByText('No materials yet').waitFor();

    // AI Assistant Settings: saved, and shown again when reopened.
    await page.getByRole('button', { name: 'AI Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Assistant Settings' });
    await dialog.getByLabel('Response style').selectOption('concise');
    await dialog.getByLabel('Custom instructions (optional)').fill('Quantities in feet, please.');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await toastShown(page, 'AI Settings Saved');
    await page.getByRole('button', { name: 'AI Settings' }).click();
    assert.equal(
      await page.getByRole('dialog', { name: 'AI Assistant Settings' }).getByLabel('Response style').inputValue(),
      'concise',
    );
    await context.close();
  });

  it('breaks lines with Shift+Enter, grows to 150 px, keeps blank from being sent, and never leaves the indicator stuck', async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const projectId = await trialUserWithProject(page, suite.app.gatewayUrl, 'Typing');
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    const chat = page.locator('section[aria-labelledby="chat-panel-title"]');
    const box = chat.getByRole('textbox', { name: 'Message' });
    const send = chat.getByRole('button', { name: 'Send' });
    assert.equal(
      await chat.getByRole('link', { name: 'Estimates' }).getAttribute('href'),
      `/estimates/${projectId}`,
      'the chat header has the Estimates button',
    );

    await box.fill('   \n  ');
    assert.ok(await send.isDisabled(), 'send is disabled for whitespace');
    await box.press('Enter');
    await box.fill('');
    const oneLine = (await box.boundingBox()).height;
    await box.pressSequentially('first line');
    await box.press('Shift+Enter');
    await box.pressSequentially('second line');
    assert.equal(await box.inputValue(), 'first line\nsecond line');
    assert.equal(await chat.getByTestId('user-message').count(), 0, 'Shift+Enter sent nothing');
    const twoLines = (await box.boundingBox()).height;
    assert.ok(twoLines > oneLine, `the input grows (${oneLine} → ${twoLines} px)`);
    for (let i = 0; i < 12; i++) await box.press('Shift+Enter');
    assert.equal((await box.boundingBox()).height, 150, 'the input stops growing at 150 px');
    await box.press('Enter');
    await chat.getByTestId('ai-message').waitFor();
    assert.equal(await box.inputValue(), '');
    assert.equal((await box.boundingBox()).height, oneLine, 'the input shrinks back once sent');

    // A send a reload interrupted: the indicator shows, then ends once the reply is the last message.
    const key = `kerf:chat-processing:${projectId}`;
    await page.evaluate((k) => sessionStorage.setItem(k, String(Date.now())), key);
    await page.reload();
    await page.waitForFunction((k) => sessionStorage.getItem(k) === null, key, { timeout: 10_000 });
    await chat.getByTestId('chat-processing').waitFor({ state: 'detached' });
    await box.fill('How many flags are there?');
    assert.ok(await send.isEnabled(), 'a new question can be sent');
    await context.close();
  });
});
