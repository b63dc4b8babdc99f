import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import {
  analyzeInChildProcess,
  discardSpareAnalysisChildren,
  prepareAnalysisChild,
} from '../../src/analysis/analysis-runner';
import { analyzeDocument } from '../../src/analysis/analyze-document';
import { writePdf } from './pdf-fixture-writer';
import { PLAN_ROOMS, planSheet } from './pdf-plan-fixture';

const RUNNER = join(__dirname, '../../src/analysis/analysis-runner.js');
/** Heap limits no other test in this process keeps a spare for. */
const SPARE_HEAP_MB = 301;
const FRESH_HEAP_MB = 302;
const OPTIONS = { timeoutMs: 120_000 };

/** The analysis children of this process that were forked as spares (`--warm-up`), by pid. */
function spareChildren(parent = process.pid): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], { encoding: 'utf8' }).trim();
  return out
    .split('\n')
    .filter((line) => line.includes('analysis-child.js') && line.includes('--warm-up'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

const roomsOf = (analysis: Awaited<ReturnType<typeof analyzeInChildProcess>>) =>
  (analysis.rooms ?? []).map((r) => [r.name, r.areaSqFt]).sort();

describe('analysis runner: a spare child prepared ahead', () => {
  let dir: string;
  let path: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kerf-runner-'));
    path = join(dir, 'plan.pdf');
    writeFileSync(path, writePdf([planSheet({ feetPerPoint: 1 / 18, note: `1/4" = 1'-0"` }).page], 792, 612));
  });
  after(() => {
    discardSpareAnalysisChildren();
    rmSync(dir, { recursive: true, force: true });
  });

  it('warms up on the plans shipped with the service: four scaled sheets, every room measured', async () => {
    // A missing or unreadable asset would leave every spare cold, silently (analysis-child.ts).
    const analysis = await analyzeDocument(join(__dirname, '../../../assets/warm-up-plans.pdf'), 'pdf');
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(analysis.pages?.length, 4);
    assert.ok(analysis.pages!.every((p) => p.scale));
    assert.equal(analysis.rooms?.length, 4 * PLAN_ROOMS.length);
  });

  it('reads the next file exactly as a fresh child does, and a new spare is ready after it', async () => {
    await prepareAnalysisChild(SPARE_HEAP_MB);
    const [spare] = spareChildren();
    assert.ok(spare, 'a spare child is waiting');
    const warmed = await analyzeInChildProcess(path, 'pdf', { ...OPTIONS, maxOldSpaceMb: SPARE_HEAP_MB });
    const fresh = await analyzeInChildProcess(path, 'pdf', { ...OPTIONS, maxOldSpaceMb: FRESH_HEAP_MB });
    assert.equal(warmed.status, 'analyzed', warmed.error);
    assert.equal(roomsOf(warmed).length, PLAN_ROOMS.length);
    assert.deepEqual(roomsOf(warmed), roomsOf(fresh));
    assert.deepEqual(warmed.layers, fresh.layers);
    assert.deepEqual(warmed.symbols, fresh.symbols);
    // The spare read the file and exited; the next one is forked in its place.
    await prepareAnalysisChild(SPARE_HEAP_MB);
    const next = spareChildren();
    assert.equal(next.length, 1);
    assert.notEqual(next[0], spare);
  });

  it('still reads the file when the spare has died', async () => {
    await prepareAnalysisChild(SPARE_HEAP_MB);
    const [spare] = spareChildren();
    // Killed just before the file is given to it: the runner has not seen it die yet.
    process.kill(spare, 'SIGKILL');
    const analysis = await analyzeInChildProcess(path, 'pdf', { ...OPTIONS, maxOldSpaceMb: SPARE_HEAP_MB });
    assert.equal(analysis.status, 'analyzed', analysis.error);
    assert.equal(roomsOf(analysis).length, PLAN_ROOMS.length);
  });

  it('keeps no process alive while it waits, and exits with the process that forked it', async () => {
    // The parent waits (a timer of its own) until its spare is ready, prints its pid, and has nothing left to do.
    const script = [
      'const waiting = setInterval(() => {}, 1000);',
      `require(${JSON.stringify(RUNNER)}).prepareAnalysisChild(263)`,
      '.then(() => { console.log(process.pid); clearInterval(waiting); });',
    ].join('\n');
    // It must exit although its spare is still there, waiting.
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { timeout: 60_000 });
    const parent = Number(stdout.trim());
    assert.ok(parent > 0);
    // Its spare saw the channel close and exited with it (orphans are re-parented: look for any).
    const deadline = Date.now() + 10_000;
    const orphaned = () =>
      execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes('analysis-child.js') && line.includes('--warm-up') && line.includes('=263'));
    while (orphaned().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(orphaned(), []);
  });
});
