// Upload and analysis benchmarks of the documents capability (issue 6).
//
//   bash scripts/with-node24.sh node scripts/bench/upload-large.mjs [--size-mb=1024] [--write]
//
// 1. Streams a file of --size-mb (default 1024) from disk through POST /api/documents
//    (browser → gateway → gRPC client stream → documents → S3 multipart) and reports
//    the throughput next to copying the same bytes to local disk in the same run,
//    with the peak resident memory (VmHWM) of the gateway and the documents service.
// 2. Times the analysis of the largest corpus drawing and of a generated 200-page PDF.
// --write puts the block into docs/benchmarks.md.
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readdirSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const { startStack } = require('@kerf/platform/testing');
const { analyzeDocument } = require(join(ROOT, 'services/documents/dist/src/analysis/analyze-document.js'));
const { writePdf } = require(join(ROOT, 'services/documents/dist/test/analysis/pdf-fixture-writer.js'));

const args = process.argv.slice(2);
const sizeMb = Number(args.find((a) => a.startsWith('--size-mb='))?.split('=')[1] ?? 1024);
const write = args.includes('--write');
const MB = 1024 * 1024;
const log = (...parts) => console.error('bench:', ...parts);
const peakRss = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
};

const work = mkdtempSync(join(tmpdir(), 'kerf-bench-'));
let stack;
try {
  // A PDF-shaped file: header, incompressible body, end-of-file marker.
  const source = join(work, 'large.pdf');
  log(`writing a ${sizeMb} MB file`);
  await pipeline(
    Readable.from(
      (function* () {
        // Exactly --size-mb: 1024 MB is the largest file Kerf takes.
        const header = Buffer.from('%PDF-1.7\n');
        const footer = Buffer.from('\n%%EOF\n');
        const block = randomBytes(MB);
        yield header;
        for (let i = 0; i < sizeMb - 1; i++) yield block;
        yield block.subarray(0, MB - header.length - footer.length);
        yield footer;
      })(),
    ),
    createWriteStream(source),
  );
  const bytes = statSync(source).size;

  log('copying to local disk (baseline)');
  const copyStarted = process.hrtime.bigint();
  await pipeline(createReadStream(source), createWriteStream(join(work, 'copy.pdf')));
  execFileSync('sync');
  const copySeconds = Number(process.hrtime.bigint() - copyStarted) / 1e9;
  rmSync(join(work, 'copy.pdf'));

  log('starting identity, projects, billing, documents and the gateway');
  stack = await startStack(['identity', 'projects', 'billing', 'documents']);
  const base = stack.gatewayUrl;
  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench-${randomUUID()}@example.com`,
      password: 'long enough 1',
      firstName: 'B',
      lastName: 'M',
    }),
  });
  const cookie = register.headers.get('set-cookie').split(';')[0];
  const post = async (path, body) =>
    (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const { clientSecret, subscriptionId } = await post('/api/subscription/create', { plan: 'yearly' });
  await post('/api/billing/local/setup-intents/confirm', {
    clientSecret,
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
  });
  await post('/api/subscription/confirm', { subscriptionId, plan: 'yearly' });
  let project;
  for (let i = 0; i < 100 && !project?.id; i++) {
    project = await post('/api/projects', { name: 'Benchmark' });
    if (!project.id) await new Promise((r) => setTimeout(r, 100));
  }
  const rssBefore = { gateway: peakRss(stack.gateway.pid), documents: peakRss(stack.services.documents.pid) };

  log(`uploading ${sizeMb} MB through the gateway`);
  const boundary = `kerf-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${project.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from(
    (async function* () {
      yield head;
      for await (const chunk of createReadStream(source, { highWaterMark: MB })) yield chunk;
      yield tail;
    })(),
  );
  const uploadStarted = process.hrtime.bigint();
  const response = await fetch(`${base}/api/documents`, {
    method: 'POST',
    headers: {
      cookie,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: Readable.toWeb(body),
    duplex: 'half',
  });
  const document = await response.json();
  const uploadSeconds = Number(process.hrtime.bigint() - uploadStarted) / 1e9;
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${JSON.stringify(document)}`);
  if (document.filesize !== bytes) throw new Error(`stored ${document.filesize} bytes of ${bytes}`);
  const rss = { gateway: peakRss(stack.gateway.pid), documents: peakRss(stack.services.documents.pid) };
  await stack.stop();
  stack = undefined;

  log('timing analyses');
  const corpus = process.env.KERF_CORPUS_DIR ?? resolve(ROOT, 'test/corpus');
  const largest = readdirSync(corpus)
    .filter((name) => /\.(dxf|dwg)$/i.test(name))
    .map((name) => ({ name, size: statSync(join(corpus, name)).size }))
    .sort((a, b) => b.size - a.size)[0];
  const time = async (input, kind, runs = 3) => {
    const seconds = [];
    let analysis;
    for (let i = 0; i < runs; i++) {
      const started = process.hrtime.bigint();
      analysis = await analyzeDocument(input, kind);
      seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
    }
    if (analysis.status !== 'analyzed') throw new Error(`${kind}: ${analysis.error}`);
    return { median: seconds.sort((a, b) => a - b)[Math.floor(runs / 2)], analysis };
  };
  const drawing = await time(join(corpus, largest.name), 'dxf');
  const pages = Array.from({ length: 200 }, (_, i) => [
    { text: `A-${100 + i} FLOOR PLAN LEVEL ${i + 1}`, x: 72, y: 740 },
    { text: 'SCALE: 1/4" = 1\'-0"', x: 72, y: 720 },
    ...Array.from({ length: 30 }, (__, line) => ({
      text: `Provide ${line + 10} ea doors type D${line} per schedule, 1,250 sq ft drywall`,
      x: 72,
      y: 700 - line * 20,
    })),
  ]);
  const pdfPath = join(work, 'two-hundred-pages.pdf');
  writeFileSync(pdfPath, writePdf(pages));
  const pdf = await time(pdfPath, 'pdf');

  const uploadMbS = bytes / MB / uploadSeconds;
  const copyMbS = bytes / MB / copySeconds;
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  const lines = [
    `Run on ${new Date().toISOString().slice(0, 10)} (commit ${commit}): ${cpus().length} CPUs, ${cpus()[0].model}, Node ${process.version}; S3 is the local s3rver that \`npm start\` uses.`,
    '',
    '```sh',
    `bash scripts/with-node24.sh node scripts/bench/upload-large.mjs --size-mb=${sizeMb}`,
    '```',
    '',
    '| measure | value | target | met |',
    '| --- | ---: | ---: | :---: |',
    `| copy ${sizeMb} MB to local disk (baseline) | ${copySeconds.toFixed(1)} s, ${copyMbS.toFixed(0)} MB/s | | |`,
    `| upload ${sizeMb} MB: browser → gateway → documents → S3 | ${uploadSeconds.toFixed(1)} s, ${uploadMbS.toFixed(0)} MB/s | | |`,
    `| upload throughput ÷ copy throughput | **${((uploadMbS / copyMbS) * 100).toFixed(0)} %** | ≥ 50 % | ${uploadMbS / copyMbS >= 0.5 ? 'yes' : '**no**'} |`,
    `| gateway peak RSS (before the upload) | **${rss.gateway.toFixed(0)} MB** (${rssBefore.gateway.toFixed(0)} MB) | < 200 MB | ${rss.gateway < 200 ? 'yes' : '**no**'} |`,
    `| documents service peak RSS (before the upload) | **${rss.documents.toFixed(0)} MB** (${rssBefore.documents.toFixed(0)} MB) | < 200 MB | ${rss.documents < 200 ? 'yes' : '**no**'} |`,
    `| analysis of the largest corpus drawing, ${largest.name} (${(largest.size / MB).toFixed(1)} MB), median of 3 | ${(drawing.median * 1000).toFixed(0)} ms | | |`,
    `| analysis of a generated 200-page PDF (${(statSync(pdfPath).size / MB).toFixed(1)} MB, ${pdf.analysis.pages.length} pages read), median of 3 | ${(pdf.median * 1000).toFixed(0)} ms | | |`,
  ];
  const block = lines.join('\n');
  console.log(block);
  if (write) {
    const file = join(ROOT, 'docs/benchmarks.md');
    const BEGIN = '<!-- bench:upload-large:begin (generated by scripts/bench/upload-large.mjs --write) -->';
    const END = '<!-- bench:upload-large:end -->';
    let doc = readFileSync(file, 'utf8');
    const section = `${BEGIN}\n\n${block}\n\n${END}`;
    doc = doc.includes(BEGIN)
      ? doc.slice(0, doc.indexOf(BEGIN)) + section + doc.slice(doc.indexOf(END) + END.length)
      : `${doc.trimEnd()}\n\n## Uploads and analysis (documents)\n\n${section}\n`;
    writeFileSync(file, doc);
    execFileSync(join(ROOT, 'node_modules/.bin/prettier'), ['--write', file]);
    log('wrote docs/benchmarks.md');
  }
} finally {
  await stack?.stop().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
