// The assistant with a model in Chromium (issue 7): with AI_API_KEY set, the
// ai-chat service asks an OpenAI-compatible server (here a local one speaking
// the Chat Completions protocol), which reads the drawing through the tools;
// the screen shows each quantity's source, flags a number no analysis states,
// and the quantities that are materials are proposed in the materials list.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CHAT_SERVICES,
  DESKTOP,
  REPO,
  askInChat,
  chromiumMissing,
  screenshot,
  trialUserWithProject,
  uploadAndWaitAnalyzed,
  useApp,
} from './support/app.mjs';

const require = createRequire(import.meta.url);
const { FakeChatCompletions, toolResult } = require(join(REPO, 'services/ai-chat/dist/test/fake-chat-completions.js'));
const DXF = 'ezdxf_multi_insert_with_attribs.dxf';

describe('assistant with a model in Chromium', { skip: chromiumMissing }, () => {
  const model = new FakeChatCompletions();

  const suite = useApp(CHAT_SERVICES, async () => ({
    'ai-chat': { AI_API_KEY: 'sk-e2e', AI_BASE_URL: await model.start(), AI_MODEL: 'e2e-model' },
  }));
  after(async () => {
    await model.stop();
  });

  it("answers through the model's tool calls, with sources, and flags a number the drawing does not hold", async () => {
    // The model lists the documents, reads the drawing's analysis, then answers from it.
    model.next = (request) => {
      const read = toolResult(request, 'get_document_analysis');
      if (read) {
        const flag = read.analysis.blocks.find((b) => b.name === 'FLAG');
        return {
          content: `From the drawing:\n\n- ${flag.totalCount} ea flags (${read.filename}, block FLAG)\n- 4 ea flag poles`,
        };
      }
      const listed = toolResult(request, 'list_documents');
      if (listed)
        return { toolCalls: [{ name: 'get_document_analysis', arguments: { document_id: listed.documents[0].id } }] };
      return { toolCalls: [{ name: 'list_documents', arguments: {} }] };
    };
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await trialUserWithProject(page, suite.app.gatewayUrl, 'Flags by model');
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    await uploadAndWaitAnalyzed(page, DXF);
    const reply = await askInChat(page, 'How many flags are there?');
    assert.match(await reply.innerText(), new RegExp(`- 25 ea flags \\(${DXF.replaceAll('.', '\\.')}, block FLAG\\)`));
    const sources = await reply.getByRole('list', { name: 'Sources' }).innerText();
    assert.match(sources, new RegExp(`25 ea flags: ${DXF.replaceAll('.', '\\.')} · block FLAG`));
    assert.match(sources, /4 ea flag poles: no source given\s*\(not found in the analyses: check it\)/);
    assert.equal(model.requests.length, 3, 'two tool rounds and the answer');
    await screenshot(page, 'chat-model-answer-desktop');

    await page.getByRole('tab', { name: 'Materials' }).click();
    const materials = page.locator('section[aria-labelledby="materials-panel-title"]');
    // The model's own number is proposed (to be checked); the drawing's flag symbols are annotation, not a material.
    await materials.locator('li[data-status="proposed"]').filter({ hasText: 'flag poles' }).waitFor();
    assert.equal(await materials.getByText('flags', { exact: true }).count(), 0);
    await context.close();
  });

  it("shows 'Failed to send message' when the model is down, and keeps the question", async () => {
    model.next = () => ({ status: 503 });
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await trialUserWithProject(page, suite.app.gatewayUrl, 'Model down');
    await page.goto(`${suite.app.gatewayUrl}/dashboard`);
    const chat = page.locator('section[aria-labelledby="chat-panel-title"]');
    const box = chat.getByRole('textbox', { name: 'Message' });
    await box.fill('How many doors are there?');
    await box.press('Enter');
    await page.getByText('Failed to send message').first().waitFor();
    await page.reload();
    await chat.getByTestId('user-message').filter({ hasText: 'How many doors are there?' }).waitFor();
    assert.equal(await chat.getByTestId('ai-message').count(), 0);
    await context.close();
  });
});
