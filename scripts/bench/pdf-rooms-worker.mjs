// What finding a sheet's rooms in a worker thread would cost and save (the next step for the 2 s target,
// docs/benchmarks.md): the VA plan read twice in this process (warm), page 1's findRoomsOnPage inputs kept,
// then the time to copy them (structuredClone, as postMessage does), the rooms found on the main thread,
// and three round trips to a worker that finds them.
//
//   bash scripts/with-node24.sh node --max-semi-space-size=8 --min-semi-space-size=8 scripts/bench/pdf-rooms-worker.mjs
//
// Needs `npm run build`.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const ROOMS = `${ROOT}services/documents/dist/src/analysis/pdf/page-rooms.js`;
const FILE = resolve(process.env.KERF_CORPUS_DIR ?? `${ROOT}test/corpus`, 'opentakeoff_va-sample-finish-plan.pdf');

const rooms = require(ROOMS);
const findRoomsOnPage = rooms.findRoomsOnPage;
let inputs;
rooms.findRoomsOnPage = (...args) => {
  if (!inputs && args[0] === 1) inputs = args;
  return findRoomsOnPage(...args);
};
const { analyzeDocument } = require(`${ROOT}services/documents/dist/src/analysis/analyze-document.js`);
for (let pass = 0; pass < 2; pass++) await analyzeDocument(FILE, 'pdf');

const clock = (work) => {
  const t0 = performance.now();
  work();
  return Math.round(performance.now() - t0);
};
console.log(`copy of page 1's inputs (structuredClone): ${clock(() => structuredClone(inputs))} ms`);
const copy = structuredClone(inputs);
console.log(`rooms on the main thread (warm): ${clock(() => findRoomsOnPage(...copy))} ms`);

const worker = new Worker(
  `const { parentPort } = require('node:worker_threads');
   const { findRoomsOnPage } = require(${JSON.stringify(ROOMS)});
   parentPort.on('message', (args) => {
     const t0 = performance.now();
     const found = findRoomsOnPage(...args);
     parentPort.postMessage({ count: found.length, ms: performance.now() - t0 });
   });`,
  { eval: true },
);
for (let round = 1; round <= 3; round++) {
  const t0 = performance.now();
  const answer = await new Promise((done) => {
    worker.once('message', done);
    worker.postMessage(inputs);
  });
  console.log(
    `worker round ${round}: ${Math.round(performance.now() - t0)} ms in all, ${Math.round(answer.ms)} ms finding ${answer.count} rooms`,
  );
}
await worker.terminate();
