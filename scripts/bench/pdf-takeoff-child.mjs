// One measured analysis, in a process of its own as the analysis runner forks it (see pdf-takeoff.mjs).
//   node pdf-takeoff-child.mjs <full|text> <file.pdf>
// full: the documents service's analyzeDocument (text, geometry, scale, rooms, layers, symbols).
// text: the baseline, reading every page's text with pdf.js as the analysis did before issue 16.
// Prints one JSON line: wall ms, CPU ms, peak resident MB (VmHWM), the heap held at the end, what was found.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const [mode, file] = process.argv.slice(2);

const peakMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;

// Readers are loaded before the clock starts, as the runner's child loads them before it asks for the file.
const { analyzeDocument } = require(`${ROOT}services/documents/dist/src/analysis/analyze-document.js`);
const { getDocument } = await import(`${ROOT}node_modules/pdfjs-dist/legacy/build/pdf.mjs`);

let result;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
if (mode === 'full') {
  const analysis = await analyzeDocument(file, 'pdf');
  if (analysis.status !== 'analyzed') throw new Error(analysis.error);
  result = {
    pages: analysis.pages.length,
    rooms: analysis.rooms?.length ?? 0,
    symbols: analysis.symbols?.reduce((n, s) => n + s.count, 0) ?? 0,
    layers: analysis.layers?.length ?? 0,
  };
} else {
  const task = getDocument({
    data: new Uint8Array(readFileSync(file)),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const document = await task.promise;
  let words = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    words += content.items.length;
    page.cleanup();
  }
  await task.destroy();
  result = { pages: document.numPages, textItems: words };
}
const cpu = process.cpuUsage(cpu0);
// What the analysis still holds, its result included: the JS heap after a full collection (--expose-gc).
// pdf.js tears its worker side down by messages: let them run before collecting.
await new Promise((resolve) => setTimeout(resolve, 200));
globalThis.gc?.();
const heldMb = process.memoryUsage().heapUsed / 1048576;
console.log(
  JSON.stringify({
    mode,
    ms: performance.now() - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakMb: peakMb(),
    heldMb,
    ...result,
  }),
);
