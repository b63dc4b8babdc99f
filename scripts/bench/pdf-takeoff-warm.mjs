// How far JIT warm-up goes: in one process, the shipped warm-up plans read five times (as the spare
// analysis child does), then the given PDF read `--runs` times, each run's time split into its stages.
//
//   bash scripts/with-node24.sh node --max-old-space-size=2048 --max-semi-space-size=8 --min-semi-space-size=8 \
//     scripts/bench/pdf-takeoff-warm.mjs test/corpus/opentakeoff_va-sample-finish-plan.pdf [--runs=4]
//
// Needs `npm run build`. Prints one line per run: total ms and ms per stage (geometry, rooms, symbols…).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const DIST = `${ROOT}services/documents/dist/src/analysis`;
const [file, ...flags] = process.argv.slice(2);
const runs = Number(flags.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 4);

// Each stage's time, summed over the run: the modules' exports are wrapped before the analysis loads them.
const spent = {};
function timed(module, name) {
  const exports = require(`${DIST}/${module}`);
  const original = exports[name];
  exports[name] = function (...args) {
    const t0 = performance.now();
    const add = () => (spent[name] = (spent[name] ?? 0) + performance.now() - t0);
    const result = original.apply(this, args);
    if (result instanceof Promise) return result.finally(add);
    add();
    return result;
  };
}
timed('pdf/page-geometry.js', 'readPageGeometry');
timed('pdf/page-takeoff.js', 'takeoffPage');
timed('pdf/page-rooms.js', 'findRoomsOnPage');
timed('geometry/symbols.js', 'findRepeatedShapes');
timed('pdf/wall-pens.js', 'wallLengthsFt');

const { analyzeDocument } = require(`${DIST}/analyze-document.js`);
const warmUp = performance.now();
for (let pass = 0; pass < 5; pass++) await analyzeDocument(`${ROOT}services/documents/assets/warm-up-plans.pdf`, 'pdf');
console.log(`warm-up: ${(performance.now() - warmUp).toFixed(0)} ms`);
for (let run = 1; run <= runs; run++) {
  for (const key of Object.keys(spent)) delete spent[key];
  const t0 = performance.now();
  const analysis = await analyzeDocument(file, 'pdf');
  if (analysis.status !== 'analyzed') throw new Error(analysis.error);
  const stages = Object.entries(spent).map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
  console.log(`run ${run}: ${(performance.now() - t0).toFixed(0)} ms (${stages.join(', ')})`);
}
