import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { computeEstimate } from '../engine/cost-engine';
import { writeEstimateText } from './ai-writer';

/** A local server speaking the OpenAI chat-completions protocol, reached through the real `openai` library. */
describe('AI-written summary and assumptions', () => {
  let server: Server;
  let baseURL: string;
  const requests: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  let reply: (facts: Record<string, unknown>) => string;

  before(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as (typeof requests)[number]['body'];
        requests.push({ auth: req.headers.authorization, body });
        if (req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        const facts = JSON.parse(body.messages.at(-1)!.content) as Record<string, unknown>;
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-local',
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply(facts) } }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => server.close());

  const result = computeEstimate(
    [
      { name: 'Ready-mix concrete 3000 psi', quantity: '10', unit: 'cu yd' },
      { name: 'Unobtainium widget', quantity: '2', unit: 'each' },
    ],
    { overheadPercentage: '15', profitMargin: '10', includeTimeline: true, includeMilestones: true },
  );

  it('sends the engine numbers and uses what the model writes, keeping the unpriced and catalogue facts', async () => {
    reply = (facts) =>
      JSON.stringify({
        summary: `Concrete work for ${String(facts.project)} totalling $${String(facts.totalCost)}.`,
        assumptions: ['Site access by truck is available.', 'Work during normal hours.'],
      });
    const text = await writeEstimateText('Garage', result, {
      apiKey: 'sk-local',
      baseURL,
      model: 'local-model',
      timeoutMs: 5_000,
    });
    const request = requests.at(-1)!;
    assert.equal(request.auth, 'Bearer sk-local');
    assert.equal(request.body.model, 'local-model');
    const facts = JSON.parse(request.body.messages.at(-1)!.content) as { totalCost: string; materialCost: string };
    assert.equal(facts.totalCost, result.totalCost);
    assert.equal(facts.materialCost, result.materialCost);
    assert.equal(text.generatedByAI, true);
    assert.equal(text.summary, `Concrete work for Garage totalling $${result.totalCost}.`);
    assert.ok(text.assumptions.includes('Site access by truck is available.'));
    assert.ok(text.assumptions.some((a) => a.startsWith('Needs a price: Unobtainium widget')));
    assert.ok(text.assumptions.some((a) => a.includes('illustrative defaults')));
  });

  it('falls back to the deterministic text when the model answers nonsense', async () => {
    reply = () => 'not json';
    const text = await writeEstimateText('Garage', result, {
      apiKey: 'sk-local',
      baseURL,
      model: 'm',
      timeoutMs: 5_000,
    });
    assert.equal(text.generatedByAI, false);
    assert.match(text.summary, /^Estimate for Garage: 1 priced item in 1 section, totalling \$2,643\.85/);
    assert.deepEqual(text.assumptions, result.estimateData.assumptions);
  });

  it('writes deterministically without a provider, calling nobody', async () => {
    const before = requests.length;
    const text = await writeEstimateText('Garage', result, { model: 'm', timeoutMs: 5_000 });
    assert.equal(requests.length, before);
    assert.equal(text.generatedByAI, false);
  });
});
