// Time to the first drawn page and to a settled zoom in the sheet viewer (issue 17).
//
//   bash scripts/with-node24.sh node scripts/bench/viewer-render.mjs [--runs=5] [--write]
//
// Needs `npm run build` (the gateway serves frontend/dist). Starts the stack, signs a user up,
// uploads the VA finish plan (test/corpus) and a generated 100-sheet set (42" x 30" sheets,
// 2,000 vector lines each, printed by Chromium), waits until both are analysed, then in
// Debian's Chromium opens each in the viewer `runs` times, cold (a fresh browser context):
// - first page: from navigation start to the first canvas with the page drawn on it;
// - settled zoom: from a click on "Zoom in" to the canvas drawn again at the new zoom
//   (this includes the viewer's 180 ms wait for the view to settle).
// Until GET /api/documents/{id}/file is on the branch, the script serves the file to the
// browser itself, with range requests, and says so in the output.
// --write puts the block into docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const { startStack, signUp, startTrial, createProject } = require('@kerf/platform/testing');
const CORPUS = process.env.KERF_CORPUS_DIR ?? resolve(ROOT, 'test/corpus');
const STATIC_DIR = join(ROOT, 'frontend/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 5);
const write = args.includes('--write');
const log = (...parts) => console.error('bench:', ...parts);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const ms = (value) => `${Math.round(value)} ms`;

if (!existsSync(join(STATIC_DIR, 'index.html'))) throw new Error('frontend/dist is not built: npm run build');

/** 100 sheets of 42" x 30", each with 2,000 lines from a seeded generator, as vectors in a PDF. */
async function hundredSheetSet(browser) {
  let seed = 17;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 100;
  const sheets = Array.from({ length: 100 }, (_, i) => {
    const lines = Array.from({ length: 2000 }, () => {
      const [x, y] = [random(), random() * 0.7];
      return `M${x.toFixed(2)} ${y.toFixed(2)}l${(random() / 10 - 5).toFixed(2)} ${(random() / 10 - 5).toFixed(2)}`;
    }).join('');
    return `<section><h1>A-${String(i + 1).padStart(3, '0')} FLOOR PLAN</h1><svg viewBox="0 0 100 70"><path d="${lines}" stroke="black" stroke-width="0.05" fill="none"/></svg></section>`;
  }).join('');
  const page = await browser.newPage();
  await page.setContent(
    `<style>@page{size:42in 30in;margin:0}body{margin:0}section{width:42in;height:30in;page-break-after:always;overflow:hidden}svg{width:40in;height:28in;margin:0 1in}h1{margin:0 1in;font:24pt sans-serif}</style>${sheets}`,
  );
  const pdf = await page.pdf({ width: '42in', height: '30in', printBackground: false });
  await page.close();
  return pdf;
}

let stack;
let browser;
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const files = [
    {
      name: 'opentakeoff_va-sample-finish-plan.pdf',
      bytes: readFileSync(join(CORPUS, 'opentakeoff_va-sample-finish-plan.pdf')),
    },
    { name: 'generated-100-sheets.pdf', bytes: await hundredSheetSet(browser) },
  ];

  log('starting identity, projects, billing, documents and the gateway');
  stack = await startStack(['identity', 'projects', 'billing', 'documents'], { gateway: { STATIC_DIR } });
  const user = await signUp(stack.gatewayUrl, 'bench');
  await startTrial(user);
  const projectId = await createProject(user, 'Viewer benchmark');

  for (const file of files) {
    const form = new FormData();
    form.append('projectId', projectId);
    form.append('file', new Blob([file.bytes]), file.name);
    const upload = await fetch(`${stack.gatewayUrl}/api/documents`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: form,
    });
    file.id = (await upload.json()).id;
    log(`uploaded ${file.name} (${(file.bytes.length / 1024 / 1024).toFixed(1)} MB); waiting for its analysis`);
    for (let i = 0; ; i++) {
      const { json } = await user.json('GET', `/api/documents/${file.id}/analysis`);
      if (json.status === 'analyzed' || json.status === 'failed') break;
      if (i > 3000) throw new Error(`the analysis of ${file.name} did not finish`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const [name, value] = user.cookie.split('=');
  let servedByScript = false;
  const results = [];
  for (const file of files) {
    const first = [];
    const zoom = [];
    const ranges = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name, value, url: stack.gatewayUrl }]);
      await context.route('**/api/documents/*/file', async (route) => {
        const real = await route.fetch();
        if (real.status() !== 404) return route.fulfill({ response: real });
        servedByScript = true;
        const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers()['range'] ?? '');
        const headers = { 'content-type': 'application/pdf', 'accept-ranges': 'bytes' };
        if (!range)
          return route.fulfill({
            status: 200,
            headers: { ...headers, 'content-length': String(file.bytes.length) },
            body: file.bytes,
          });
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : file.bytes.length - 1, file.bytes.length - 1);
        return route.fulfill({
          status: 206,
          headers: {
            ...headers,
            'content-range': `bytes ${start}-${end}/${file.bytes.length}`,
            'content-length': String(end - start + 1),
          },
          body: file.bytes.subarray(start, end + 1),
        });
      });
      let bytes = 0;
      context.on('requestfinished', async (request) => {
        if (!request.url().endsWith('/file')) return;
        const sizes = await request.sizes().catch(() => null);
        bytes += sizes?.responseBodySize ?? 0;
      });
      const page = await context.newPage();
      await page.goto(`${stack.gatewayUrl}/dashboard/projects/${projectId}/documents/${file.id}?page=1`);
      await page.waitForFunction(() => !!globalThis.document.querySelector('[data-testid="sheet-canvas"]'), null, {
        timeout: 120_000,
      });
      first.push(await page.evaluate(() => performance.now()));
      const before = await page.getByTestId('sheet-page').evaluate((element) => Number(element.dataset.renderedScale));
      const started = await page.evaluate(() => performance.now());
      await page.getByRole('button', { name: 'Zoom in (+)' }).click();
      await page.waitForFunction(
        (scale) =>
          Number(globalThis.document.querySelector('[data-testid="sheet-page"]').dataset.renderedScale) > scale,
        before,
        { timeout: 120_000 },
      );
      zoom.push((await page.evaluate(() => performance.now())) - started);
      ranges.push(bytes);
      await context.close();
    }
    results.push({ file, first, zoom, read: median(ranges) });
    log(`${file.name}: first page ${ms(median(first))}, settled zoom ${ms(median(zoom))}`);
  }

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  const lines = [
    `Run on ${new Date().toISOString().slice(0, 10)} (commit ${commit}): ${cpus().length} CPUs, ${cpus()[0].model}; Chromium headless at 1280 × 800, ${runs} cold opens of each document (a fresh browser context each).${servedByScript ? ' The file was served by the script with range requests (GET /api/documents/{id}/file was not on this branch yet).' : ''}`,
    '',
    '| document | size | read for page 1 (median) | first page p50 | first page max | settled zoom p50 | settled zoom max |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      ({ file, first, zoom, read }) =>
        `| ${file.name} | ${(file.bytes.length / 1024 / 1024).toFixed(1)} MB | ${(read / 1024 / 1024).toFixed(2)} MB | **${ms(median(first))}** | ${ms(Math.max(...first))} | **${ms(median(zoom))}** | ${ms(Math.max(...zoom))} |`,
    ),
  ];
  const section = lines.join('\n');
  console.log(section);
  if (write) {
    const docFile = join(ROOT, 'docs/benchmarks.md');
    const BEGIN = '<!-- bench:viewer-render:begin (generated by scripts/bench/viewer-render.mjs --write) -->';
    const END = '<!-- bench:viewer-render:end -->';
    let doc = readFileSync(docFile, 'utf8');
    const block = `${BEGIN}\n\n${section}\n\n${END}`;
    doc = doc.includes(BEGIN)
      ? doc.slice(0, doc.indexOf(BEGIN)) + block + doc.slice(doc.indexOf(END) + END.length)
      : `${doc.trimEnd()}\n\n## Sheet viewer: first page and settled zoom\n\n\`\`\`sh\nbash scripts/with-node24.sh node scripts/bench/viewer-render.mjs --write\n\`\`\`\n\n**What it measures.** In Chromium, the time from navigation to the first PDF page drawn in the viewer's canvas (the app, pdf.js and its worker loading, the range requests for the page, the drawing), and the time from a click on Zoom in until the canvas is drawn again at the new zoom, which includes the viewer's 180 ms wait for the view to settle (the page follows the zoom at once as a CSS transform meanwhile). "Read for page 1" is how much of the file the browser fetched: range requests keep it well under the file's size.\n\n${block}\n`;
    writeFileSync(docFile, doc);
    execFileSync(join(ROOT, 'node_modules/.bin/prettier'), ['--write', docFile]);
    log('wrote docs/benchmarks.md');
  }
} finally {
  await browser?.close().catch(() => undefined);
  await stack?.stop().catch(() => undefined);
}
