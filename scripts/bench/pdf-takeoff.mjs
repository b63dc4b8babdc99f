// Time and peak memory of the PDF plan takeoff (issue 16).
//
//   bash scripts/with-node24.sh node scripts/bench/pdf-takeoff.mjs [--rounds=3] [--write]
//
// Needs `npm run build` first (it runs the compiled analysis). Each measurement
// is a fresh process started with the analysis runner's own V8 flags
// (analysisChildExecArgv) and MALLOC_ARENA_MAX=2, as the documents service
// forks it: the full analysis (text, geometry, scale, rooms, layers, symbols)
// of the corpus's VA finish plan (42"×30", about 40,000 paths), and of
// generated vector plan sets of 10 and 100 sheets (memory must not grow with
// the sheet count). The baseline, measured in the same run and alternating
// with it round by round, is reading the same file's text with pdf.js, as the
// analysis did before plan takeoff. Then what a user waits for on the VA plan:
// the documents service's runner (analyzeInChildProcess, answer over IPC) with
// a fresh fork against the spare child it prepares ahead
// (pdf-takeoff-service.mjs), alternating. Medians of the rounds; --write puts
// the block into docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const CORPUS = process.env.KERF_CORPUS_DIR ?? resolve(ROOT, 'test/corpus');
const args = process.argv.slice(2);
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 3);
const write = args.includes('--write');
const log = (...parts) => console.error('bench:', ...parts);

const DIST = `${ROOT}services/documents/dist`;
const { analysisChildExecArgv } = require(`${DIST}/src/analysis/analysis-runner.js`);
const { writePdf } = require(`${DIST}/test/analysis/pdf-fixture-writer.js`);
const { planSheet } = require(`${DIST}/test/analysis/pdf-plan-fixture.js`);
// The service's default heap limit for the child (ANALYSIS_MAX_OLD_SPACE_MB), and a capped one: with
// 2 GB allowed V8 collects late, so the peak shows garbage; capped, it shows what the analysis holds.
const childFlags = analysisChildExecArgv(2048);
const cappedFlags = analysisChildExecArgv(128);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
};

/** A set of plan sheets at the scales estimators meet, each a full vector plan with tags. */
function planSet(sheets) {
  const scales = [
    { feetPerPoint: 1 / 18, note: `1/4" = 1'-0"` },
    { feetPerPoint: 1 / 9, note: `1/8" = 1'-0"`, arcsAsLines: true },
    { feetPerPoint: 50 / 864, note: '1:50', roomOutlines: true },
    { feetPerPoint: 100 / 864, note: '1:100' },
  ];
  const pages = Array.from(
    { length: sheets },
    (_, i) => planSheet({ ...scales[i % 4], printedAreas: i % 2 === 0 }).page,
  );
  return writePdf(pages, 792, 612);
}

const work = mkdtempSync(join(tmpdir(), 'kerf-pdf-bench-'));
const files = [
  {
    label: 'VA finish plan (corpus, 2 sheets 42"×30", ~40,000 paths)',
    path: join(CORPUS, 'opentakeoff_va-sample-finish-plan.pdf'),
  },
  { label: 'generated vector plan set, 10 sheets', path: join(work, 'plans-10.pdf'), sheets: 10 },
  { label: 'generated vector plan set, 100 sheets', path: join(work, 'plans-100.pdf'), sheets: 100 },
];
for (const file of files) if (file.sheets) writeFileSync(file.path, planSet(file.sheets));

function measure(mode, path, flags = childFlags) {
  const out = execFileSync(
    process.execPath,
    // --expose-gc: the child collects fully before reading the heap it holds at the end (after the clock).
    [...flags, '--expose-gc', join(ROOT, 'scripts/bench/pdf-takeoff-child.mjs'), mode, path],
    {
      env: { ...process.env, MALLOC_ARENA_MAX: '2' },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').pop());
}

/** The service's wait for `path`: `fresh` forks at the ask, `spare` finds a child prepared ahead. */
function measureService(mode, path) {
  const out = execFileSync(process.execPath, [join(ROOT, 'scripts/bench/pdf-takeoff-service.mjs'), mode, path], {
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop());
}

const results = [];
const service = { fresh: [], spare: [] };
try {
  for (const file of files) {
    const full = [];
    const text = [];
    const capped = [];
    for (let round = 0; round < rounds; round++) {
      text.push(measure('text', file.path));
      full.push(measure('full', file.path));
      capped.push(measure('full', file.path, cappedFlags));
      log(
        file.label,
        `round ${round + 1}:`,
        `text ${text.at(-1).ms.toFixed(0)} ms`,
        `full ${full.at(-1).ms.toFixed(0)} ms, ${full.at(-1).peakMb.toFixed(0)} MB`,
      );
    }
    results.push({ file, full, text, capped });
  }
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['fresh', 'spare']) service[mode].push(measureService(mode, files[0].path));
    log(
      `service wait, VA, round ${round + 1}:`,
      `fresh ${service.fresh.at(-1).ms.toFixed(0)} ms`,
      `spare ${service.spare.at(-1).ms.toFixed(0)} ms`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const cpu = cpus();
const rows = [];
for (const { file, full, text, capped } of results) {
  const f = {
    ms: median(full.map((r) => r.ms)),
    cpu: median(full.map((r) => r.cpuMs)),
    mb: median(full.map((r) => r.peakMb)),
  };
  const t = {
    ms: median(text.map((r) => r.ms)),
    cpu: median(text.map((r) => r.cpuMs)),
    mb: median(text.map((r) => r.peakMb)),
  };
  const c = { ms: median(capped.map((r) => r.ms)), mb: median(capped.map((r) => r.peakMb)) };
  const held = median(full.map((r) => r.heldMb));
  const found = full[0];
  rows.push(
    `| ${file.label}: ${found.pages} pages, ${found.rooms} rooms, ${found.symbols} symbols | ` +
      `${f.ms.toFixed(0)} ms (CPU ${f.cpu.toFixed(0)} ms) | ${t.ms.toFixed(0)} ms (CPU ${t.cpu.toFixed(0)} ms) | ` +
      `${(f.ms / t.ms).toFixed(2)}× | **${f.mb.toFixed(0)} MB** | ${c.mb.toFixed(0)} MB (${c.ms.toFixed(0)} ms) | ${t.mb.toFixed(0)} MB | ${held.toFixed(0)} MB |`,
  );
}
const block = [
  `Run on ${new Date().toISOString().slice(0, 10)} (commit ${commit}): ${cpu.length} CPUs, ${cpu[0]?.model.split(' ').slice(0, 2).join(' ')}, Node ${process.version}; medians of ${rounds} rounds, each a fresh process with the runner's flags (\`${childFlags.join(' ')}\`, MALLOC_ARENA_MAX=2). Readers are loaded before the clock starts.`,
  '',
  '```sh',
  'npm run build && bash scripts/with-node24.sh node scripts/bench/pdf-takeoff.mjs --write',
  '```',
  '',
  '| file | full analysis | baseline: text only | ratio | peak RSS, full | peak RSS, full, heap capped at 128 MB (time) | peak RSS, text only | JS heap held at the end, full |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows,
  '',
  `What a user waits for on the VA plan, as the documents service reads it (\`analyzeInChildProcess\`, from the ask to the analysis received over IPC; ${rounds} alternating rounds, each a fresh process):`,
  '',
  '| runner | wait, median | each round | ratio to a fresh fork | peak RSS of the child, median |',
  '| --- | ---: | --- | ---: | ---: |',
  ...['fresh', 'spare'].map((mode) => {
    const wait = median(service[mode].map((r) => r.ms));
    const fresh = median(service.fresh.map((r) => r.ms));
    return (
      `| ${mode === 'fresh' ? 'a child forked at the ask (loads its readers, then reads)' : '**the spare child, prepared ahead and warmed** (the service)'} | ` +
      `${wait.toFixed(0)} ms | ${service[mode].map((r) => r.ms.toFixed(0)).join(', ')} ms | ${(wait / fresh).toFixed(2)}× | ` +
      `${median(service[mode].map((r) => r.peakMb)).toFixed(0)} MB |`
    );
  }),
].join('\n');
console.log(block);

if (write) {
  const path = join(ROOT, 'docs/benchmarks.md');
  const BEGIN = '<!-- bench:pdf-takeoff:begin (generated by scripts/bench/pdf-takeoff.mjs --write) -->';
  const END = '<!-- bench:pdf-takeoff:end -->';
  let doc = readFileSync(path, 'utf8');
  const generated = `${BEGIN}\n\n${block}\n\n${END}`;
  doc = doc.includes(BEGIN)
    ? doc.slice(0, doc.indexOf(BEGIN)) + generated + doc.slice(doc.indexOf(END) + END.length)
    : `${doc.trimEnd()}\n\n## PDF plan takeoff: time and memory\n\n${generated}\n`;
  writeFileSync(path, doc);
  execFileSync(join(ROOT, 'node_modules/.bin/prettier'), ['--write', path]);
}
