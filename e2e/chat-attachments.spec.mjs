/* global document, window */
// Chat attachments and the choice of documents in Chromium (issue 7, SPEC §2,
// §5, §8): files attached in the chat become documents of the project and file
// messages, unsupported ones are refused by name, failures are counted, and a
// question asked of one chosen document is answered from that one only.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CORPUS,
  DESKTOP,
  MOBILE,
  chromiumMissing,
  screenshot,
  trialUserWithProject,
  useApp,
  toastShown,
} from './support/app.mjs';

const FLAGS = 'ezdxf_multi_insert_with_attribs.dxf';
const FURNITURE = 'librecad_Complete-Lib-E.dxf';
const HELP = 'Please upload supported files only (PDF, image, Word doc, DWG, or DXF).';

describe('chat attachments in Chromium', { skip: chromiumMissing }, () => {
  const suite = useApp(['identity', 'projects', 'billing', 'documents', 'ai-chat']);

  const chatOf = (page) => page.locator('section[aria-labelledby="chat-panel-title"]');
  const fileMessage = (chat, name) => chat.getByTestId('file-message').filter({ hasText: name });
  /** The body of the next POST /api/messages the page sends. */
  const nextSend = (page) =>
    page
      .waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/messages')
      .then((request) => request.postDataJSON());

  it('attaches a drawing as a document and a file message, and refuses what it cannot read', async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await trialUserWithProject(page, suite.app.gatewayUrl, 'Attachments');
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    const chat = chatOf(page);
    const files = chat.getByTestId('chat-file-input');

    // An unsupported file: named, the spec's help, nothing uploaded.
    await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    const invalid = await toastShown(page, 'Invalid file: notes.txt');
    assert.match(invalid.text, new RegExp(HELP.replace(/[.()]/g, '\\$&')));
    assert.equal(await chat.getByTestId('file-message').count(), 0);

    // A real DXF: posted as a file message with its documentId, listed in the documents, read by Kerf.
    const sent = nextSend(page);
    await files.setInputFiles(resolve(CORPUS, FLAGS));
    const body = await sent;
    assert.equal(body.type, 'file');
    assert.match(body.documentId, /^[0-9a-f-]{36}$/);
    const message = fileMessage(chat, FLAGS);
    await message.waitFor();
    const documents = page.locator('section[aria-labelledby="documents-panel-title"]');
    await documents.locator('li').filter({ hasText: FLAGS }).waitFor();
    await message.getByText('Analyzed').waitFor({ timeout: 60_000 });
    assert.match(await message.innerText(), /DXF · 17 KB · Analyzed/);
    const listed = await page.evaluate(
      async (url) => (await fetch(url)).json(),
      `/api/messages?projectId=${body.projectId}`,
    );
    assert.deepEqual(
      listed.map((m) => [m.type, m.documentId]),
      [['file', body.documentId]],
    );

    // One file that uploads and one whose contents are not a PDF: counted.
    await files.setInputFiles([
      { name: FURNITURE, mimeType: 'application/dxf', buffer: readFileSync(resolve(CORPUS, FURNITURE)) },
      { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') },
    ]);
    const partial = await toastShown(page, 'Partial upload success');
    assert.match(partial.text, /1 uploaded, 1 failed/);
    await fileMessage(chat, FURNITURE).waitFor();
    assert.equal(await fileMessage(chat, 'broken.pdf').count(), 0);

    // Nothing uploads: 'Upload failed'.
    await files.setInputFiles({ name: 'empty.dxf', mimeType: 'application/dxf', buffer: Buffer.from('nonsense') });
    const failed = await toastShown(page, 'Upload failed');
    assert.match(failed.text, /None of the selected files could be uploaded\./);
    await context.close();
  });

  it('answers from the chosen document only, and from all of them when none is chosen', async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await trialUserWithProject(page, suite.app.gatewayUrl, 'Two drawings');
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    const chat = chatOf(page);
    await chat.getByTestId('chat-file-input').setInputFiles([resolve(CORPUS, FLAGS), resolve(CORPUS, FURNITURE)]);
    for (const name of [FLAGS, FURNITURE])
      await fileMessage(chat, name).getByText('Analyzed').waitFor({ timeout: 60_000 });

    const picker = chat.getByTestId('document-picker');
    assert.match(await picker.innerText(), /All documents \(2\)/);
    await picker.click();
    const dialog = page.getByRole('dialog', { name: 'Documents to ask about' });
    assert.equal(await dialog.getByRole('checkbox', { name: /All documents/ }).getAttribute('aria-checked'), 'true');
    await dialog.getByRole('checkbox', { name: new RegExp(FURNITURE.replace('.', '\\.')) }).click();
    assert.equal(await dialog.getByRole('checkbox', { name: /All documents/ }).getAttribute('aria-checked'), 'false');
    await screenshot(page, 'chat-documents-dialog-desktop');
    await dialog.getByRole('button', { name: 'Done' }).click();
    assert.match(await picker.innerText(), new RegExp(FURNITURE.replace('.', '\\.')));

    const box = chat.getByRole('textbox', { name: 'Message' });
    // Only the furniture library: it holds no flags, and the flag drawing is not read.
    let sent = nextSend(page);
    await box.fill('How many flags are there?');
    await box.press('Enter');
    const onlyOne = await sent;
    assert.equal(onlyOne.selectedDocumentIds?.length, 1);
    let reply = chat.getByTestId('ai-message').last();
    await reply.waitFor();
    let text = await reply.innerText();
    assert.match(text, /don't hold flags/);
    assert.ok(text.includes(FURNITURE), text);
    assert.ok(!text.includes(FLAGS), `the unchosen drawing was read: ${text}`);
    await screenshot(page, 'chat-attachments-desktop');

    // All documents again: the same question finds the 25 flags.
    await picker.click();
    await dialog.getByRole('checkbox', { name: /All documents/ }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    sent = nextSend(page);
    await box.fill('How many flags are there?');
    await box.press('Enter');
    assert.equal((await sent).selectedDocumentIds, undefined);
    await chat.getByTestId('ai-message').nth(1).waitFor();
    reply = chat.getByTestId('ai-message').nth(1);
    text = await reply.innerText();
    assert.match(text, /- 25 ea flags \(ezdxf_multi_insert_with_attribs\.dxf, block FLAG\)/);
    await context.close();
  });

  it('works at 390 px: attach, choose a document, ask', async () => {
    const context = await suite.browser.newContext({ viewport: MOBILE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await trialUserWithProject(page, suite.app.gatewayUrl, 'On site');
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    const chat = chatOf(page);
    await chat.getByTestId('chat-file-input').setInputFiles([resolve(CORPUS, FLAGS), resolve(CORPUS, FURNITURE)]);
    for (const name of [FLAGS, FURNITURE])
      await fileMessage(chat, name).getByText('Analyzed').waitFor({ timeout: 60_000 });

    await chat.getByTestId('document-picker').tap();
    const dialog = page.getByRole('dialog', { name: 'Documents to ask about' });
    const flags = dialog.getByRole('checkbox', { name: new RegExp(FLAGS.replace('.', '\\.')) });
    await flags.tap();
    assert.equal(await flags.getAttribute('aria-checked'), 'true');
    const box = await dialog.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= MOBILE.width, 'the dialog fits the screen');
    for (const badge of await dialog.getByText('Analyzed').all()) {
      const inner = await badge.boundingBox();
      assert.ok(inner && inner.x + inner.width <= box.x + box.width - 16, 'each row fits inside the dialog');
    }
    await screenshot(page, 'chat-documents-dialog-mobile');
    await dialog.getByRole('button', { name: 'Done' }).tap();

    const input = chat.getByRole('textbox', { name: 'Message' });
    await input.fill('How many flags are there?');
    await chat.getByRole('button', { name: 'Send' }).tap();
    const reply = chat.getByTestId('ai-message').last();
    await reply.waitFor();
    assert.match(await reply.innerText(), /- 25 ea flags/);
    // Nothing sticks out sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await screenshot(page, 'chat-attachments-mobile');
    await context.close();
  });
});
