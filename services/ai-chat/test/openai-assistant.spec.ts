import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startStack, type LooseJson, type TestStack } from '@kerf/platform/testing';
import { TokenBudget } from '../src/assistant/openai-assistant';
import { CORPUS, userWithDrawing as withDrawing } from './user-with-drawing';
import { FakeChatCompletions, toolResult, type CompletionRequest, type ModelTurn } from './fake-chat-completions';

const DRAWING = 'ezdxf_multi_insert_with_attribs.dxf';
/** The FLAG count an independent CAD library found in the drawing. */
const TRUE_FLAGS = (
  JSON.parse(readFileSync(resolve(CORPUS, `${DRAWING}.truth.json`), 'utf8')) as {
    inserts: { effective_instances: Record<string, number> };
  }
).inserts.effective_instances.FLAG!;

/**
 * The `openai` provider: the ai-chat service with AI_API_KEY set, talking
 * through the real `openai` library to a local Chat Completions server.
 */
const flagOrigin = (documentId: string) => ({
  documentId,
  documentName: DRAWING,
  revision: 1,
  kind: 'block',
  ref: 'FLAG',
  dimension: 'count',
});

describe('the model provider through the gateway', () => {
  const model = new FakeChatCompletions();
  let stack: TestStack;

  before(async () => {
    const baseURL = await model.start();
    stack = await startStack(['identity', 'projects', 'billing', 'documents', 'ai-chat'], {
      'ai-chat': {
        AI_API_KEY: 'sk-local-test',
        AI_BASE_URL: baseURL,
        AI_MODEL: 'takeoff-model',
        AI_TIMEOUT_MS: '1000',
        AI_REPLY_TIMEOUT_MS: '8000',
      },
    });
  });
  after(async () => {
    await stack?.stop();
    await model.stop();
  });
  beforeEach(() => {
    model.requests.length = 0;
  });

  const userWithDrawing = () => withDrawing(stack, 'model');

  /** A model that lists the documents, reads the first one's analysis, then answers with its FLAG count. */
  function modelThatReadsTheDrawing(answer: (analysis: LooseJson) => string) {
    model.next = (request): ModelTurn => {
      const analysis = toolResult(request, 'get_document_analysis');
      if (analysis) return { content: answer(analysis) };
      const listed = toolResult(request, 'list_documents') as { documents: LooseJson[] } | undefined;
      if (listed)
        return { toolCalls: [{ name: 'get_document_analysis', arguments: { document_id: listed.documents[0].id } }] };
      return { toolCalls: [{ name: 'list_documents', arguments: {} }] };
    };
  }

  it('offers the tools, feeds their results back, and traces each quantity of the reply to its source', async () => {
    const { user, projectId, documentId } = await userWithDrawing();
    await user.json('POST', '/api/ai-preferences', {
      responseStyle: 'concise',
      customPrompt: 'Counts as whole numbers.',
    });
    modelThatReadsTheDrawing((result) => {
      const flag = (result.analysis.blocks as LooseJson[]).find((b) => b.name === 'FLAG')!;
      return `Flags on the drawing:\n\n- ${flag.totalCount} ea flags (${result.filename}, block FLAG)\n- 3 ea unicorns`;
    });

    const { status, json } = await user.json('POST', '/api/messages', {
      projectId,
      content: 'How many flags are there?',
    });
    assert.equal(status, 200, JSON.stringify(json));

    assert.equal(model.requests.length, 3);
    const [first, second, third] = model.requests as [CompletionRequest, CompletionRequest, CompletionRequest];
    assert.equal(first.authorization, 'Bearer sk-local-test');
    assert.equal(first.body.model, 'takeoff-model');
    assert.deepEqual(
      first.body.tools?.map((t) => t.function.name),
      ['list_documents', 'get_document_analysis', 'read_sheet', 'search_documents'],
    );
    const system = first.body.messages[0]!.content ?? '';
    assert.match(system, /Give only the quantities and their sources/, 'the concise style reaches the model');
    assert.match(system, /Counts as whole numbers\./, 'the custom instructions reach the model');
    assert.equal(first.body.messages.at(-1)!.content, 'How many flags are there?');
    const listed = toolResult(second, 'list_documents') as { documents: LooseJson[] };
    assert.deepEqual(
      listed.documents.map((d) => [d.id, d.filename, d.status]),
      [[documentId, DRAWING, 'analyzed']],
    );
    const read = toolResult(third, 'get_document_analysis') as LooseJson;
    assert.equal((read.analysis.blocks as LooseJson[]).find((b) => b.name === 'FLAG')!.totalCount, TRUE_FLAGS);

    const reply = json.at(-1);
    assert.equal(reply.sender, 'ai');
    assert.match(reply.content, new RegExp(`^- ${TRUE_FLAGS} ea flags \\(${DRAWING}, block FLAG\\)$`, 'm'));
    assert.equal(reply.metadata.provider, 'openai');
    assert.deepEqual(reply.metadata.quantities, [
      {
        description: 'flags',
        quantity: TRUE_FLAGS,
        unit: 'ea',
        source: { documentId, filename: DRAWING, block: 'FLAG' },
        verified: true,
        // A grid of flags is annotation: it has an identity, but it is not offered as a material.
        origin: flagOrigin(documentId),
      },
      {
        description: 'unicorns',
        quantity: 3,
        unit: 'ea',
        source: null,
        verified: false,
        material: { name: 'unicorns', category: 'AI Detected' },
      },
    ]);
    // The model's own number is proposed for the user to check; the flag symbols are annotation.
    const proposed = async () =>
      ((await user.json('GET', `/api/materials?projectId=${projectId}`)).json as LooseJson[]).map((m) => [
        m.name,
        m.quantity,
        m.unit,
        m.status,
        m.origin,
      ]);
    assert.deepEqual(await proposed(), [['unicorns', '3', 'ea', 'proposed', null]]);

    // The next question carries the conversation so far.
    model.next = () => ({ content: 'You asked about flags.' });
    const again = await user.json('POST', '/api/messages', { projectId, content: 'What did I ask?' });
    assert.equal(again.status, 200);
    const history = model.requests.at(-1)!.body.messages.map((m) => [m.role, m.content]);
    assert.deepEqual(history.slice(1), [
      ['user', 'How many flags are there?'],
      ['assistant', reply.content],
      ['user', 'What did I ask?'],
    ]);
    // A figure without a source is one material by its name and unit (SPEC §9): stated again, it is not added twice.
    model.next = () => ({ content: '- 3 ea unicorns' });
    assert.equal((await user.json('POST', '/api/messages', { projectId, content: 'And the unicorns?' })).status, 200);
    assert.deepEqual(await proposed(), [['unicorns', '3', 'ea', 'proposed', null]]);
  });

  it("searches the documents' text, and never reads a document outside the question", async () => {
    const { user, projectId, documentId } = await userWithDrawing();
    const other = await userWithDrawing();
    model.next = (request) => {
      const search = toolResult(request, 'search_documents');
      const foreign = toolResult(request, 'get_document_analysis');
      if (!search) return { toolCalls: [{ name: 'search_documents', arguments: { query: 'FLAG' } }] };
      if (!foreign)
        return { toolCalls: [{ name: 'get_document_analysis', arguments: { document_id: other.documentId } }] };
      return { content: 'I could only read the flag drawing.' };
    };
    const { status, json } = await user.json('POST', '/api/messages', { projectId, content: 'Find the flags' });
    assert.equal(status, 200, JSON.stringify(json));
    const last = model.requests.at(-1)!;
    const hits = (toolResult(last, 'search_documents') as { hits: LooseJson[] }).hits;
    assert.ok(hits.length >= 1);
    assert.deepEqual([hits[0].documentId, hits[0].filename], [documentId, DRAWING]);
    const foreign = toolResult(last, 'get_document_analysis') as LooseJson;
    assert.match(foreign.error, /^No document/);
    assert.equal(
      JSON.stringify(last.body.messages).includes('"blocks"'),
      false,
      "no analysis of the other user's drawing",
    );
    assert.deepEqual(json.at(-1).metadata.quantities, []);
  });

  it("reads a PDF sheet's scale, a finish code's rooms and the text near it through read_sheet, only of the question's documents", async () => {
    const sheet = 'opentakeoff_va-sample-finish-plan.pdf';
    const { user, projectId, documentId } = await withDrawing(stack, 'sheet', sheet);
    const other = await userWithDrawing();
    model.next = (request) => {
      const read = toolResult(request, 'read_sheet');
      if (!read)
        return {
          toolCalls: [
            { name: 'read_sheet', arguments: { document_id: documentId, code: 'VCT', text: 'VINYL' } },
            { name: 'read_sheet', arguments: { document_id: other.documentId } },
          ],
        };
      return {
        content: 'VCT-1 is on the floor of 150 MED (opentakeoff_va-sample-finish-plan.pdf, sheet AF600, page 2).',
      };
    };
    const { status, json } = await user.json('POST', '/api/messages', { projectId, content: 'Which rooms get VCT?' });
    assert.equal(status, 200, JSON.stringify(json));
    const last = model.requests.at(-1)!;
    const results = last.body.messages
      .filter((m) => m.role === 'tool')
      .map((m) => JSON.parse(m.content ?? '{}') as LooseJson);
    const [own, foreign] = results as [LooseJson, LooseJson];
    const plan = (own.pages as LooseJson[]).find((p) => p.sheetNumber === 'AF101')!;
    assert.equal(plan.scaleAsWritten, '1/8" = 1\'-0"');
    const rooms = (own.code.schedules as LooseJson[]).flatMap((s) => (s.rooms as LooseJson[]).map((r) => r.room));
    assert.ok(rooms.includes('150 MED') && !rooms.includes('149 OFFICE'), rooms.join(', '));
    assert.ok((own.text.found as LooseJson[]).length > 0);
    assert.match(foreign.error, /^No document/);
    assert.equal(json.at(-1).metadata.provider, 'openai');
  });

  it("gives the model a PDF plan's measured figures without the geometry drawn for the viewer", async () => {
    const { user, projectId } = await withDrawing(stack, 'walls', 'opentakeoff_va-sample-finish-plan.pdf');
    let read: LooseJson | undefined;
    modelThatReadsTheDrawing((analysis) => {
      read = analysis;
      return 'The walls round the measured spaces of page 1 are drawn.';
    });
    const { status } = await user.json('POST', '/api/messages', { projectId, content: 'How long are the walls?' });
    assert.equal(status, 200);
    const layers = read!.analysis.layers as LooseJson[];
    const walls = layers.find((l) => l.name === 'walls round the measured spaces')!;
    assert.ok(walls.wallLengthFt > 0, JSON.stringify(walls));
    // Room outlines and wall lines are thousands of points: for drawing, not for the model's context.
    assert.ok(layers.every((l) => l.wallLines === undefined));
    assert.ok((read!.analysis.rooms as LooseJson[]).every((r) => r.outline === undefined && r.areaSqFt > 0));
  });

  it('puts the analyses into the conversation for a server that refuses tools, and still traces the numbers', async () => {
    const { user, projectId, documentId } = await userWithDrawing();
    model.next = (request) => {
      if (request.body.tools) return { status: 400 };
      const context = request.body.messages.find((m) => m.content?.startsWith("The documents' analyses (JSON):"));
      const [read] = JSON.parse(context!.content!.slice(context!.content!.indexOf('\n') + 1)) as LooseJson[];
      const flag = (read.analysis.blocks as LooseJson[]).find((b) => b.name === 'FLAG')!;
      return { content: `- ${flag.totalCount} ea flags (${read.filename}, block FLAG)` };
    };
    const { status, json } = await user.json('POST', '/api/messages', { projectId, content: 'How many flags?' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.deepEqual(
      model.requests.map((r) => !!r.body.tools),
      [true, false],
    );
    assert.deepEqual(json.at(-1).metadata.quantities, [
      {
        description: 'flags',
        quantity: TRUE_FLAGS,
        unit: 'ea',
        source: { documentId, filename: DRAWING, block: 'FLAG' },
        verified: true,
        // A grid of flags is annotation: it has an identity, but it is not offered as a material.
        origin: flagOrigin(documentId),
      },
    ]);
  });

  it('keeps the question when the model fails or times out, retries once, and answers it on a resend without a duplicate', async () => {
    const { user, projectId } = await userWithDrawing();
    model.next = () => ({ status: 500 });
    const failed = await user.json('POST', '/api/messages', { projectId, content: 'How many flags?' });
    assert.equal(failed.status, 503, JSON.stringify(failed.json));
    assert.match(failed.json.message, /Your message is saved/);
    assert.equal(model.requests.length, 2, 'one request and one retry');

    model.requests.length = 0;
    model.next = () => ({ hangMs: 5_000 });
    const started = Date.now();
    const timedOut = await user.json('POST', '/api/messages', { projectId, content: 'How many flags?' });
    assert.equal(timedOut.status, 503);
    assert.equal(model.requests.length, 2, 'the timed-out request is retried once');
    assert.ok(Date.now() - started < 5_000, 'the time-out ends the wait, not the model');

    modelThatReadsTheDrawing(() => 'There are flags on the drawing.');
    const answered = await user.json('POST', '/api/messages', { projectId, content: 'How many flags?' });
    assert.equal(answered.status, 200);
    assert.deepEqual(
      answered.json.map((m: LooseJson) => [m.sender, m.content]),
      [
        ['user', 'How many flags?'],
        ['ai', 'There are flags on the drawing.'],
      ],
    );
  });
});

describe('the token budget of one question', () => {
  it('keeps the newest history that fits a quarter of it and cuts a tool result to what is left', () => {
    const budget = new TokenBudget(2_000);
    const history = budget.history([
      { sender: 'user', content: 'old '.repeat(800) },
      { sender: 'ai', content: 'recent answer' },
      { sender: 'user', content: 'recent question' },
    ]);
    assert.deepEqual(
      history.map((m) => m.content),
      ['recent answer', 'recent question'],
    );
    const analysis = JSON.stringify({
      layers: Array.from({ length: 2_000 }, (_, i) => ({ name: `L${i}`, lengthFt: i })),
    });
    const fitted = budget.fit(analysis);
    assert.ok(fitted.length < analysis.length && fitted.length <= (2_000 / 3) * 4);
    assert.match(fitted, /\[cut: the rest did not fit the token budget/);
    assert.equal(budget.fit('{"small":true}'), '{"small":true}');
  });
});
