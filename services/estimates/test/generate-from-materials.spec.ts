import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import {
  createProject,
  s3Proxy,
  signUp,
  startStack,
  startTrial,
  testInfra,
  type S3Proxy,
  type TestStack,
  type TestUser,
} from '@kerf/platform/testing';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies read loosely, as a test does
type Json = any;
const cents = (money: string) => Math.round(Number(money) * 100);
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The whole path: a trial, a project, its materials list in ai-chat, then an estimate generated from it. */
describe('an estimate generated from a project’s materials', () => {
  let stack: TestStack;
  // Estimates stores its files through a proxy that can fail S3 writes.
  let proxy: S3Proxy;
  let s3: S3Client;
  let bucket: string;
  let user: TestUser;
  let projectId: string;
  const work = mkdtempSync(join(tmpdir(), 'kerf-estimate-'));

  const call = (method: string, path: string, body?: unknown) => user.call(method, path, body);
  const json = (method: string, path: string, body?: unknown) => user.json(method, path, body);

  before(async () => {
    const infra = await testInfra();
    assert.ok(infra.s3.endpoint, 'the tests need an S3 endpoint to put the proxy in front of');
    proxy = await s3Proxy(new URL(infra.s3.endpoint));
    bucket = infra.s3.bucket;
    s3 = new S3Client({
      region: infra.s3.region,
      endpoint: infra.s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: infra.s3.accessKeyId, secretAccessKey: infra.s3.secretAccessKey },
    });
    stack = await startStack(['identity', 'projects', 'billing', 'ai-chat', 'estimates'], {
      estimates: { S3_ENDPOINT: proxy.endpoint },
    });
    user = await signUp(stack.gatewayUrl, 'estimates');
    await startTrial(user, 'yearly');
    projectId = await createProject(user, 'Garage slab and walls');
    const materials = [
      { name: 'Ready-mix concrete 3000 psi', quantity: '18.5', unit: 'cu yd', category: 'Concrete', source: 'ai' },
      { name: 'Rebar #4', quantity: '1450', unit: 'lb', category: 'Concrete' },
      { name: 'Gypsum board 1/2 in', quantity: '1250', unit: 'sq ft', category: 'Drywall', source: 'ai' },
      { name: 'Interior paint two coats', quantity: '1250', unit: 'sq ft' },
      { name: 'Duplex receptacle', quantity: '12', unit: 'ea' },
      { name: 'Flux capacitor', quantity: '2', unit: 'ea' },
    ];
    for (const material of materials) {
      const created = await json('POST', '/api/materials', { projectId, ...material });
      assert.equal(created.status, 201, JSON.stringify(created.json));
    }
  });
  after(async () => {
    await stack?.stop();
    s3?.destroy();
    proxy?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('prices the list, adds up everywhere, and leaves the unknown item unpriced, not guessed', async () => {
    const generated = await json('POST', '/api/estimates/generate', {
      projectId,
      overheadPercentage: 15,
      profitMargin: 10,
      includeTimeline: true,
      includeMilestones: true,
    });
    assert.equal(generated.status, 201, JSON.stringify(generated.json));
    const estimate = generated.json;
    const direct = cents(estimate.materialCost) + cents(estimate.laborCost) + cents(estimate.equipmentCost);
    const sections = estimate.estimateData.sections as Json[];
    assert.ok(sections.length >= 3, 'concrete, finishes and electrical at least');
    assert.equal(
      sections.reduce((sum: number, section: Json) => sum + cents(section.subtotal), 0),
      direct,
      'the sections add up to material + labour + equipment',
    );
    for (const section of sections)
      assert.equal(
        section.items.reduce((sum: number, item: Json) => sum + cents(item.totalCost), 0),
        cents(section.subtotal),
        section.name,
      );
    const overhead = Math.round((direct * 15) / 100);
    const profit = Math.round(((direct + overhead) * 10) / 100);
    assert.equal(cents(estimate.totalCost), direct + overhead + profit, 'overhead then profit (docs/decisions/0011)');
    assert.ok(
      (estimate.estimateData.assumptions as string[]).some((text) => /Flux capacitor/.test(text)),
      'the unknown material is named in the assumptions',
    );
    assert.ok(estimate.estimateData.timeline, 'a timeline was asked for');
    assert.ok(estimate.pdfUrl);

    const pdf = await call('GET', `/api/estimates/${estimate.id}/pdf`);
    assert.equal(pdf.status, 200);
    const file = join(work, 'estimate.pdf');
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    assert.ok(text.includes(usd.format(Number(estimate.totalCost))), 'the PDF shows the same total');
    for (const section of sections) assert.ok(text.includes(section.name), `the PDF has ${section.name}`);

    const xlsx = await call('GET', `/api/estimates/${estimate.id}/xlsx`);
    assert.equal(xlsx.status, 200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    assert.ok(workbook.worksheets.length >= 1);

    const listed = (await json('GET', `/api/estimates?projectId=${projectId}`)).json;
    assert.deepEqual(
      listed.map((e: Json) => e.id),
      [estimate.id],
    );
  });

  const stored = async () =>
    (
      (await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `estimates/${projectId}/` }))).Contents ?? []
    ).map((object) => object.Key);

  it('leaves no file behind when one of an estimate’s two files cannot be stored, and saves nothing', async () => {
    const before = await stored();
    const listed = (await json('GET', `/api/estimates?projectId=${projectId}`)).json.length;
    // The spreadsheet is stored, the PDF is not.
    proxy.fail((key) => key.endsWith('.pdf'));
    try {
      const failed = await json('POST', '/api/estimates/generate', { projectId });
      assert.ok(failed.status >= 500 && failed.status < 600, `answered ${failed.status}`);
      assert.match(failed.json.message, /try again/i);
    } finally {
      proxy.heal();
    }
    assert.deepEqual(await stored(), before, 'the spreadsheet stored before the PDF failed is removed');
    assert.equal((await json('GET', `/api/estimates?projectId=${projectId}`)).json.length, listed);
    const generated = await json('POST', '/api/estimates/generate', { projectId });
    assert.equal(generated.status, 201, 'and once S3 takes writes again, the estimate is made');
    assert.equal((await stored()).length, before.length + 2);
  });

  it('leaves no file behind when the PDF fails while the spreadsheet is still being written', async () => {
    const before = await stored();
    const listed = (await json('GET', `/api/estimates?projectId=${projectId}`)).json.length;
    proxy.fail((key) => key.endsWith('.pdf'));
    proxy.hold((key) => key.endsWith('.xlsx'));
    let answer: Awaited<ReturnType<typeof json>> | undefined;
    const generating = json('POST', '/api/estimates/generate', { projectId }).then((a) => (answer = a));
    try {
      // The spreadsheet's write goes on once the PDF's has failed for good: when the answer came, or when no
      // PDF attempt came for a second (the SDK retries a write within half a second).
      const failedBefore = proxy.stats.failedWrites;
      let [failures, quietSince] = [failedBefore, Date.now()];
      while (!answer && !(failures > failedBefore && Date.now() - quietSince > 1_000)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (proxy.stats.failedWrites !== failures) [failures, quietSince] = [proxy.stats.failedWrites, Date.now()];
      }
      assert.equal(await proxy.release(), 1, `the spreadsheet was being written (${JSON.stringify(answer)})`);
    } finally {
      proxy.heal();
      await proxy.release();
    }
    await generating;
    assert.ok(answer!.status >= 500 && answer!.status < 600, `answered ${answer!.status}`);
    assert.deepEqual(await stored(), before, 'the spreadsheet written after the PDF failed is removed');
    assert.equal((await json('GET', `/api/estimates?projectId=${projectId}`)).json.length, listed);
  });
});
