// `npm test`: installs what is missing, builds, then runs every check in order,
// going on after a failure: lint (eslint, prettier), the proto staleness check,
// the frontend typecheck and unit tests (vitest), and every node:test file
// (compiled specs of the backend packages, deploy/ and e2e/ specs), then the
// fault suite for a minute (scripts/chaos, docs/reliability.md). Ends with
// one line `N passed, N failed` and exits 1 when anything failed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, ensureInstalled, run } from './ensure-installed.mjs';
import { build } from './build.mjs';

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const steps = [];
let passed = 0;
let failed = 0;
/** The reporters' lists of what failed and why, printed again after the summary (CI shows the tail). */
const failureDetails = [];

// eslint-disable-next-line no-control-regex -- ANSI escapes start with ESC
const stripAnsi = (text) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

function header(title) {
  console.log(`\n=== ${title} ${'='.repeat(Math.max(3, 72 - title.length))}`);
}

/** Runs one step with its output shown; remembers whether it passed. */
async function step(title, command, args, parse) {
  header(title);
  const started = Date.now();
  const { code, output } = await run(command, args, { env, capture: true });
  const counts = parse?.(stripAnsi(output));
  const ok = code === 0;
  steps.push({ title, ok, seconds: (Date.now() - started) / 1000, counts });
  if (!ok) console.log(`--- ${title} failed (exit ${code})`);
  return ok;
}

function lastNumber(text, pattern) {
  const matches = [...text.matchAll(pattern)];
  return matches.length ? Number(matches.at(-1)[1]) : 0;
}

/** node --test with the spec reporter ends with `ℹ pass N`, `ℹ fail N`, `ℹ cancelled N`. */
function nodeTestCounts(output) {
  const pass = lastNumber(output, /^ℹ pass (\d+)\s*$/gm);
  const fail = lastNumber(output, /^ℹ fail (\d+)\s*$/gm) + lastNumber(output, /^ℹ cancelled (\d+)\s*$/gm);
  passed += pass;
  failed += fail;
  // The reporter lists the failures, with their errors, after all files: repeated at the very end.
  const listed = output.lastIndexOf('✖ failing tests:');
  if (listed >= 0)
    failureDetails.push(
      output
        .slice(listed)
        .split('\n')
        .filter((l) => !/^ℹ /.test(l)),
    );
  return { pass, fail };
}

/** vitest prints `Tests  3 failed | 40 passed (43)`. */
function vitestCounts(output) {
  const line = output.split('\n').findLast((l) => /^\s*Tests\s+\d/.test(l)) ?? '';
  const pass = Number(/(\d+) passed/.exec(line)?.[1] ?? 0);
  const fail = Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
  passed += pass;
  failed += fail;
  return { pass, fail };
}

/** The fault suite ends with `chaos: PASS` or `chaos: FAIL`: one check. */
function chaosCounts(output) {
  const pass = /^chaos: PASS$/m.test(output) ? 1 : 0;
  passed += pass;
  failed += 1 - pass;
  return { pass, fail: 1 - pass };
}

/** Every file under `dir` (skipping node_modules) whose name ends with `suffix`. */
function walk(dir, suffix, found = []) {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, suffix, found);
    else if (entry.name.endsWith(suffix)) found.push(path);
  }
  return found;
}

function packageDirs() {
  const dirs = [join(ROOT, 'gateway')];
  for (const group of ['services', 'libs']) {
    const base = join(ROOT, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      if (statSync(join(base, name)).isDirectory()) dirs.push(join(base, name));
    }
  }
  return dirs;
}

/**
 * The node:test files: compiled dist/{test,src}/**\/*.spec.js of every backend
 * package whose TypeScript source still exists (tsc -b leaves deleted specs
 * behind in dist/), plus deploy/ and e2e/ *.spec.mjs.
 */
function nodeTestFiles() {
  const files = [];
  const stale = [];
  for (const pkg of packageDirs()) {
    for (const folder of ['test', 'src']) {
      for (const file of walk(join(pkg, 'dist', folder), '.spec.js')) {
        const source = join(pkg, relative(join(pkg, 'dist'), file)).replace(/\.js$/, '');
        if (['.ts', '.tsx', '.mts'].some((ext) => existsSync(source + ext))) files.push(file);
        else stale.push(relative(ROOT, file));
      }
    }
  }
  if (stale.length) console.log(`(skipping compiled specs whose source is gone: ${stale.join(', ')})`);
  for (const dir of ['deploy', 'e2e', 'scripts']) files.push(...walk(join(ROOT, dir), '.spec.mjs'));
  return files.sort().map((file) => relative(ROOT, file));
}

// ---------------------------------------------------------------- main

await ensureInstalled();

header('build');
const started = Date.now();
const built = await build();
steps.push({ title: 'build', ok: built, seconds: (Date.now() - started) / 1000 });

await step('lint: eslint', bin('eslint'), ['.']);
await step('lint: prettier --check', bin('prettier'), ['--check', '.']);
await step('proto: generated code is current', process.execPath, [join(ROOT, 'scripts/proto.mjs'), '--check']);
await step('frontend: typecheck', 'npm', ['run', 'typecheck', '-w', '@kerf/frontend', '--silent']);
await step('frontend: unit tests (vitest)', 'npm', ['run', 'test', '-w', '@kerf/frontend', '--silent'], vitestCounts);

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium))
  console.log(`\nhint: Chromium not found at ${chromium}; end-to-end tests need it: apt-get install -y chromium`);

const files = built ? nodeTestFiles() : [];
if (built && files.length === 0) {
  header('node tests');
  console.log('no test files found');
} else if (built) {
  await step(
    `node tests (${files.length} files)`,
    process.execPath,
    ['--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
    nodeTestCounts,
  );
} else {
  header('node tests');
  console.log('skipped: the build failed');
  steps.push({ title: 'node tests', ok: false, seconds: 0 });
}

// The fault suite (issue 18), short: its own stack, every fault kind once, judged by invariants.
if (built) {
  await step(
    'chaos: fault suite (60 s)',
    process.execPath,
    [join(ROOT, 'scripts/chaos/chaos.mjs'), '--minutes', '1'],
    chaosCounts,
  );
} else {
  header('chaos: fault suite');
  console.log('skipped: the build failed');
  steps.push({ title: 'chaos: fault suite', ok: false, seconds: 0 });
}

header('summary');
for (const { title, ok, seconds, counts } of steps) {
  const tally = counts ? ` (${counts.pass} passed, ${counts.fail} failed)` : '';
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${title}${tally}  ${seconds.toFixed(1)} s`);
}
for (const lines of failureDetails) {
  header('what failed');
  console.log(lines.slice(0, 30).join('\n'));
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.ok) && failed === 0 ? 0 : 1);
