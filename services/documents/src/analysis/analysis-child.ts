/**
 * Runs one analysis in a process of its own (forked by the analysis runner), so a
 * file that makes a reader crash, exhaust memory or loop fails that document
 * only. Says `{ ready }` once its readers are loaded, receives `{ path, kind, overrides }`,
 * answers `{ analysis }`, exits. With `mode: 'geometry'` it reads a DXF's or
 * DWG's model-space linework for the viewer instead and answers `{ geometry }`.
 *
 * Forked with `--warm-up` (a spare, forked before anyone waits for it), it first
 * reads the shipped warm-up plans a few times, so V8 has compiled the PDF
 * takeoff before the user's file arrives; it answers `{ ping }` with `{ pong }`
 * once warm, so the runner knows it is alive when it is taken. A spare whose parent is gone exits.
 */
import { join } from 'node:path';
import type { AnalysisOverrides, DocumentKind } from '@kerf/contracts';
import { analyzeDocument } from './analyze-document';
import { readDrawingGeometry } from './dxf/drawing-geometry';

interface ChildRequest {
  path: string;
  kind: DocumentKind;
  overrides?: AnalysisOverrides;
  mode?: 'analysis' | 'geometry';
  maxVertices?: number;
}

/** Generated plan sheets (scripts/warm-up-plans.mjs), shipped with the service. */
const WARM_UP_PLANS = join(__dirname, '../../../assets/warm-up-plans.pdf');
/** Readings of the warm-up plans: past five, a VA-sized sheet is read no faster (docs/benchmarks.md). */
const WARM_UP_PASSES = 5;

let working = false;
process.on('message', (message: ChildRequest | { ping: true }) => {
  // A spare is pinged when it is taken, and answers once its warm-up is over.
  if ('ping' in message) return void warmed.then(() => process.send!({ pong: true }));
  if (working) return;
  working = true;
  const work =
    message.mode === 'geometry'
      ? readDrawingGeometry(message.path, message.kind as 'dxf' | 'dwg', message.maxVertices ?? 0).then((geometry) => ({
          geometry,
        }))
      : analyzeDocument(message.path, message.kind, message.overrides ?? {}).then((analysis) => ({ analysis }));
  work
    .then((answer) => process.send!(answer, () => process.exit(0)))
    .catch((error: unknown) => {
      process.send!({ error: String((error as Error)?.message ?? error) }, () => process.exit(1));
    });
});
process.on('disconnect', () => process.exit(0));

async function warmUp(): Promise<void> {
  // A warm-up that fails (the asset missing from a deployment) leaves a child that is merely cold.
  for (let pass = 0; pass < WARM_UP_PASSES; pass++) await analyzeDocument(WARM_UP_PLANS, 'pdf').catch(() => undefined);
}

const warmed = process.argv.includes('--warm-up') ? warmUp() : Promise.resolve();
void warmed.then(() => process.send!({ ready: true }));
