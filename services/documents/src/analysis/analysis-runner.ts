import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { AnalysisOverrides, DocumentAnalysis, DocumentKind } from '@kerf/contracts';
import type { DrawingGeometry } from './dxf/drawing-geometry';

const failed = (kind: DocumentKind, error: string): DocumentAnalysis => ({
  status: 'failed',
  error,
  kind,
  quantities: [],
});

/** How long the child may take to load its readers before it is given the file (seconds on a loaded machine). */
const STARTUP_LIMIT_MS = 60_000;

/** A time limit as a person reads it: "1 second", "45 seconds", "5 minutes". */
function duration(ms: number): string {
  const [amount, unit] = ms < 90_000 ? [Math.round(ms / 1000), 'second'] : [Math.round(ms / 60_000), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * The child's V8 flags: its own heap limit, and a young generation of 8 MB
 * semi-spaces, fixed (docs/decisions/0017-pdf-plan-takeoff.md). A page's
 * operators now reach the geometry reader in chunks (pdf-worker-port.ts), so
 * no operator list is held whole; what a sheet's takeoff builds lives for a
 * while, and with 2 MB semi-spaces much of it was promoted before it died:
 * the VA plan peaked 20–50 MB higher, and spent more time collecting.
 */
export function analysisChildExecArgv(maxOldSpaceMb: number): string[] {
  return [`--max-old-space-size=${maxOldSpaceMb}`, '--max-semi-space-size=8', '--min-semi-space-size=8'];
}

/**
 * Analyses a file in a child process with a time limit and its own heap, with
 * the user's corrections (`options.overrides`) applied. Never
 * throws: a crash or a time-out becomes a failed analysis with a reason a
 * person can act on.
 */
export function analyzeInChildProcess(
  path: string,
  kind: DocumentKind,
  options: { timeoutMs: number; maxOldSpaceMb: number; overrides?: AnalysisOverrides },
): Promise<DocumentAnalysis> {
  return new Promise((resolve) => {
    const child = fork(join(__dirname, 'analysis-child.js'), [], {
      execArgv: analysisChildExecArgv(options.maxOldSpaceMb),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let settled = false;
    let stderr = '';
    // The time limit is the reading's: it starts once the child has loaded its readers and asks for
    // the file. Loading them has a limit of its own, so a child that never gets ready is stopped too.
    let timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(failed(kind, 'The analyser could not start in time. Upload the file again in a moment.'));
    }, STARTUP_LIMIT_MS);
    const settle = (analysis: DocumentAnalysis) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(analysis);
    };
    const startReading = () => {
      clearTimeout(timer);
      timer = setTimeout(timedOut, options.timeoutMs);
      child.send({ path, kind, overrides: options.overrides ?? {} });
    };
    const timedOut = () => {
      child.kill('SIGKILL');
      settle(
        failed(
          kind,
          `Reading this file took longer than ${duration(options.timeoutMs)} and was stopped. Split it into smaller files${
            kind === 'dwg' ? ', or export it as DXF,' : ''
          } and upload them again.`,
        ),
      );
    };
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('message', (message: { ready?: true; analysis?: DocumentAnalysis; error?: string }) => {
      if (message.ready) return startReading();
      settle(message.analysis ?? failed(kind, `This file could not be read: ${message.error ?? 'unknown error'}.`));
    });
    child.on('exit', (code, signal) => {
      const outOfMemory = /heap out of memory|Allocation failed|RangeError: WebAssembly/.test(stderr);
      settle(
        failed(
          kind,
          outOfMemory
            ? `This file needs more memory to read than the analyser has.${kind === 'dwg' ? ' Export it as DXF and upload that instead.' : ' Split it into smaller files and upload them again.'}`
            : `The analyser stopped unexpectedly while reading this file (${signal ?? `exit ${code}`}). ${
                kind === 'dwg'
                  ? 'Export it as DXF and upload that instead.'
                  : 'Save or export it again and upload the new file.'
              }`,
        ),
      );
    });
  });
}

/**
 * A DXF's or DWG's model-space linework for the viewer, read in a child process
 * with the analysis's time and memory limits. Never throws: `{ error }` says
 * why the drawing could not be read.
 */
export function drawingGeometryInChildProcess(
  path: string,
  kind: 'dxf' | 'dwg',
  options: { timeoutMs: number; maxOldSpaceMb: number; maxVertices: number },
): Promise<{ geometry: DrawingGeometry } | { error: string }> {
  return new Promise((resolve) => {
    const child = fork(join(__dirname, 'analysis-child.js'), [], {
      execArgv: analysisChildExecArgv(options.maxOldSpaceMb),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let settled = false;
    let stderr = '';
    const settle = (answer: { geometry: DrawingGeometry } | { error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    let timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle({ error: 'The drawing reader could not start in time. Try again in a moment.' });
    }, STARTUP_LIMIT_MS);
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('message', (message: { ready?: true; geometry?: DrawingGeometry; error?: string }) => {
      if (message.ready) {
        clearTimeout(timer);
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          settle({ error: `Reading the drawing took longer than ${duration(options.timeoutMs)} and was stopped.` });
        }, options.timeoutMs);
        child.send({ path, kind, mode: 'geometry', maxVertices: options.maxVertices });
        return;
      }
      settle(
        message.geometry
          ? { geometry: message.geometry }
          : { error: `The drawing could not be read: ${message.error ?? 'unknown error'}.` },
      );
    });
    child.on('exit', (code, signal) => {
      const outOfMemory = /heap out of memory|Allocation failed|RangeError: WebAssembly/.test(stderr);
      settle({
        error: outOfMemory
          ? 'The drawing needs more memory to draw than the reader has.'
          : `The drawing reader stopped unexpectedly (${signal ?? `exit ${code}`}).`,
      });
    });
  });
}
