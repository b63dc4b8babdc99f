import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signUp, startStack, type LooseJson, type TestStack } from '@kerf/platform/testing';
import { userWithDrawing as withDrawing } from './user-with-drawing';

describe('messages through the gateway', () => {
  let stack: TestStack;

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'documents', 'ai-chat']);
  });
  after(async () => {
    await stack?.stop();
  });

  const userWithDrawing = () => withDrawing(stack, 'chat');

  it('answers a count from the drawing with its source, storing the question first', async () => {
    const { user, projectId, documentId } = await userWithDrawing();
    const { status, json } = await user.json('POST', '/api/messages', {
      projectId,
      content: 'How many flags are there?',
      type: 'text',
    });
    assert.equal(status, 200, JSON.stringify(json));
    assert.deepEqual(
      json.map((m: LooseJson) => [m.sender, m.type]),
      [
        ['user', 'text'],
        ['ai', 'text'],
      ],
    );
    const reply = json[1];
    assert.match(reply.content, /^- 25 ea flags \(ezdxf_multi_insert_with_attribs\.dxf, block FLAG\)$/m);
    assert.deepEqual(reply.metadata.quantities[0].source, {
      documentId,
      filename: 'ezdxf_multi_insert_with_attribs.dxf',
      block: 'FLAG',
    });
    const listed = (await user.json('GET', `/api/messages?projectId=${projectId}`)).json;
    assert.deepEqual(
      listed.map((m: LooseJson) => m.id),
      json.map((m: LooseJson) => m.id),
    );
  });

  it('keeps to the selected documents and says when they hold no answer', async () => {
    const { user, projectId } = await userWithDrawing();
    const { json } = await user.json('POST', '/api/messages', { projectId, content: 'How many elevators are there?' });
    assert.match(json[1].content, /don't hold elevators to count/);
    const none = await user.json('POST', '/api/messages', {
      projectId,
      content: 'How many flags are there?',
      selectedDocumentIds: ['00000000-0000-4000-8000-000000000000'],
    });
    assert.match(none.json.at(-1).content, /no analysed documents/);
  });

  it('refuses empty and over-long messages, and others get 404', async () => {
    const { user, projectId } = await userWithDrawing();
    const empty = await user.json('POST', '/api/messages', { projectId, content: '   ' });
    assert.deepEqual([empty.status, empty.json.message], [400, 'Type a message first']);
    const long = await user.json('POST', '/api/messages', { projectId, content: 'x'.repeat(20_001) });
    assert.equal(long.status, 400);
    assert.match(long.json.message, /at most 20,000 characters/);
    assert.deepEqual((await user.json('GET', `/api/messages?projectId=${projectId}`)).json, []);
    const stranger = await signUp(stack.gatewayUrl, 'stranger');
    assert.equal((await stranger.json('GET', `/api/messages?projectId=${projectId}`)).status, 404);
    assert.equal((await stranger.json('POST', '/api/messages', { projectId, content: 'How many flags?' })).status, 404);
  });
});

describe('AI preferences through the gateway', () => {
  let stack: TestStack;

  before(async () => {
    stack = await startStack(['identity', 'ai-chat']);
  });
  after(async () => {
    await stack?.stop();
  });

  it('gives the defaults, saves one row per user, changes it in place, and refuses bad values', async () => {
    const user = await signUp(stack.gatewayUrl, 'prefs');
    const defaults = (await user.json('GET', '/api/ai-preferences')).json;
    assert.deepEqual([defaults.id, defaults.contextSize, defaults.responseStyle], [null, 5, 'standard']);
    const saved = await user.json('POST', '/api/ai-preferences', {
      userId: 'someone-else',
      customPrompt: 'Metric units, please',
      responseStyle: 'concise',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    assert.deepEqual(
      [saved.json.customPrompt, saved.json.responseStyle, saved.json.contextSize],
      ['Metric units, please', 'concise', 5],
    );
    const patched = await user.json('PATCH', `/api/ai-preferences/${saved.json.id}`, { responseStyle: 'technical' });
    assert.deepEqual(
      [patched.json.id, patched.json.responseStyle, patched.json.customPrompt],
      [saved.json.id, 'technical', 'Metric units, please'],
    );
    const bad = await user.json('POST', '/api/ai-preferences', { responseStyle: 'poetic' });
    assert.equal(bad.status, 400);
    assert.match(bad.json.message, /Response style must be one of standard, technical, simple, concise, comprehensive/);
    const other = await signUp(stack.gatewayUrl, 'prefs-other');
    assert.equal(
      (await other.json('PATCH', `/api/ai-preferences/${saved.json.id}`, { responseStyle: 'simple' })).status,
      404,
    );
    assert.equal((await other.json('GET', '/api/ai-preferences')).json.id, null, 'each user has their own');
    assert.equal((await user.json('GET', '/api/ai-preferences')).json.responseStyle, 'technical');
  });
});
