// Reply time of the local analyst through the gateway (issue 7).
//
//   bash scripts/with-node24.sh node scripts/bench/analyst-reply.mjs [--questions=200] [--write]
//
// Uploads the largest corpus drawing to a few projects, then times
// POST /api/messages (gateway → ai-chat → documents for the analysis → the
// local analyst → two messages stored → the project's list back) for questions
// about that drawing's own blocks, layers and areas. The baseline, measured in
// the same run, is GET /api/messages of the same project: the same path
// without the question. Sends are one at a time, as a user sends them.
// --write puts the block into docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const { startStack, signUp, startTrial, createProject } = require('@kerf/platform/testing');
const CORPUS = process.env.KERF_CORPUS_DIR ?? resolve(ROOT, 'test/corpus');

const args = process.argv.slice(2);
const total = Number(args.find((a) => a.startsWith('--questions='))?.split('=')[1] ?? 200);
const write = args.includes('--write');
const PER_PROJECT = 50;
const log = (...parts) => console.error('bench:', ...parts);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const largest = readdirSync(CORPUS)
  .filter((name) => name.endsWith('.dxf'))
  .map((name) => ({ name, size: statSync(join(CORPUS, name)).size }))
  .sort((a, b) => b.size - a.size)[0];

let stack;
try {
  log('starting identity, projects, billing, documents, ai-chat and the gateway');
  stack = await startStack(['identity', 'projects', 'billing', 'documents', 'ai-chat']);
  const user = await signUp(stack.gatewayUrl, 'bench');
  await startTrial(user);

  async function projectWithDrawing(index) {
    const projectId = await createProject(user, `Benchmark ${index}`);
    const form = new FormData();
    form.append('projectId', projectId);
    form.append('file', new Blob([readFileSync(join(CORPUS, largest.name))]), largest.name);
    const upload = await fetch(`${stack.gatewayUrl}/api/documents`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: form,
    });
    const document = await upload.json();
    for (let i = 0; i < 600; i++) {
      const { json } = await user.json('GET', `/api/documents/${document.id}/analysis`);
      if (json.status === 'analyzed') return { projectId, analysis: json };
      if (json.status === 'failed') throw new Error(`analysis failed: ${json.error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('analysis did not finish');
  }

  const replies = [];
  const reads = [];
  let askedAbout;
  for (let index = 0; replies.length < total; index++) {
    const { projectId, analysis } = await projectWithDrawing(index);
    const block = [...(analysis.blocks ?? [])].sort((a, b) => b.totalCount - a.totalCount)[0];
    const layer = [...(analysis.layers ?? [])].sort((a, b) => b.lengthFt - a.lengthFt)[0];
    const questions = [
      block && `How many ${block.name} are there?`,
      layer && `What is the length of layer ${layer.name}?`,
      'What is the area of the rooms?',
      'How many doors are there?',
    ].filter(Boolean);
    askedAbout ??= questions;
    for (let i = 0; i < PER_PROJECT && replies.length < total; i++) {
      const content = `${questions[i % questions.length]} (${i})`;
      let started = performance.now();
      const send = await user.json('POST', '/api/messages', { projectId, content });
      replies.push(performance.now() - started);
      if (send.status !== 200) throw new Error(`send answered ${send.status}: ${JSON.stringify(send.json)}`);
      started = performance.now();
      const read = await user.json('GET', `/api/messages?projectId=${projectId}`);
      reads.push(performance.now() - started);
      if (read.status !== 200) throw new Error(`read answered ${read.status}`);
    }
    log(`${replies.length}/${total} questions`);
  }

  const ms = (value) => `${value.toFixed(1)} ms`;
  const [p50, p95] = [percentile(replies, 50), percentile(replies, 95)];
  const [b50, b95] = [percentile(reads, 50), percentile(reads, 95)];
  const lines = [
    `Run on ${new Date().toISOString().slice(0, 10)} (commit ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim()}): ${cpus().length} CPUs, ${cpus()[0].model}; ${total} questions, one at a time, ${PER_PROJECT} per project, about ${largest.name} (${(largest.size / 1024 / 1024).toFixed(1)} MB, the largest corpus drawing): ${askedAbout.map((q) => `"${q}"`).join(', ')}.`,
    '',
    '| measure | p50 | p95 | target |',
    '| --- | ---: | ---: | --- |',
    `| baseline: GET /api/messages of the same project | ${ms(b50)} | ${ms(b95)} | |`,
    `| POST /api/messages, answered by the local analyst | **${ms(p50)}** | **${ms(p95)}** | p95 < 300 ms: ${p95 < 300 ? 'yes' : '**no**'} |`,
    `| reply ÷ baseline | ${(p50 / b50).toFixed(1)}× | ${(p95 / b95).toFixed(1)}× | |`,
  ];
  const section = lines.join('\n');
  console.log(section);
  if (write) {
    const file = join(ROOT, 'docs/benchmarks.md');
    const BEGIN = '<!-- bench:analyst-reply:begin (generated by scripts/bench/analyst-reply.mjs --write) -->';
    const END = '<!-- bench:analyst-reply:end -->';
    let doc = readFileSync(file, 'utf8');
    const block = `${BEGIN}\n\n${section}\n\n${END}`;
    doc = doc.includes(BEGIN)
      ? doc.slice(0, doc.indexOf(BEGIN)) + block + doc.slice(doc.indexOf(END) + END.length)
      : `${doc.trimEnd()}\n\n## Chat: the local analyst's reply time\n\n\`\`\`sh\nbash scripts/with-node24.sh node scripts/bench/analyst-reply.mjs --write\n\`\`\`\n\n${block}\n`;
    writeFileSync(file, doc);
    execFileSync(join(ROOT, 'node_modules/.bin/prettier'), ['--write', file]);
    log('wrote docs/benchmarks.md');
  }
} finally {
  await stack?.stop().catch(() => undefined);
}
