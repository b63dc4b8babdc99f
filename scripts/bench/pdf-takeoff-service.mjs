// What a user waits for, as the documents service reads a file (see pdf-takeoff.mjs):
//   node pdf-takeoff-service.mjs <fresh|spare> <file.pdf>
// fresh: analyzeInChildProcess forks a child, which loads its readers and reads the file (as before the spare).
// spare: the child was prepared ahead (prepareAnalysisChild, as the service does at start and after each file);
//        the clock starts once it is ready, as the next upload finds it.
// Prints one JSON line: the wall ms from asking to the analysis received over IPC, and the child's peak
// resident MB (its VmHWM, read every 25 ms while it works: the spare's includes its warm-up).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const [mode, file] = process.argv.slice(2);
const runner = require(`${ROOT}services/documents/dist/src/analysis/analysis-runner.js`);
const HEAP_MB = 2048;

// An idle spare holds nothing open (the service's server does): this process waits on a timer of its own.
const waiting = setInterval(() => {}, 1000);
if (mode === 'spare') await runner.prepareAnalysisChild(HEAP_MB);
let peakMb = 0;
let child;
const sampling = setInterval(() => {
  try {
    child ??= execFileSync('ps', ['-o', 'pid=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')[0];
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.trim()}/status`, 'utf8'))[1]) / 1024;
    peakMb = Math.max(peakMb, hwm);
  } catch {
    // Not forked yet, or gone: the last reading stands.
  }
}, 25);
const t0 = performance.now();
const analysis = await runner.analyzeInChildProcess(file, 'pdf', { timeoutMs: 600_000, maxOldSpaceMb: HEAP_MB });
const ms = performance.now() - t0;
clearInterval(sampling);
runner.discardSpareAnalysisChildren();
clearInterval(waiting);
if (analysis.status !== 'analyzed') throw new Error(analysis.error);
console.log(JSON.stringify({ mode, ms, peakMb, rooms: analysis.rooms?.length ?? 0 }));
