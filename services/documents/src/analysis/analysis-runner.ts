import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
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

/** A child forked ahead of need, and when it is ready (said so, or gone). */
interface SpareChild {
  child: ChildProcess;
  ready: Promise<void>;
}

/** One spare per heap limit (the service uses one; a test may ask for another). */
const spares = new Map<number, SpareChild>();
/** The heap limits a spare is kept for: those prepareAnalysisChild was asked for, until discarded. */
const keptFor = new Set<number>();

function forkChild(maxOldSpaceMb: number, args: string[] = []): ChildProcess {
  return fork(join(__dirname, 'analysis-child.js'), args, {
    execArgv: analysisChildExecArgv(maxOldSpaceMb),
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}

/** Whether an idle child keeps this process running: a spare must not. */
function holdOpen(child: ChildProcess, held: boolean): void {
  const method = held ? 'ref' : 'unref';
  child[method]();
  child.channel?.[method]();
  (child.stderr as Socket | null)?.[method]();
}

/**
 * Forks the spare analysis child for this heap limit unless one is there: it
 * loads its readers and warms up on generated plans (analysis-child.ts), then
 * waits, holding nothing open, for the next file. What a user waits for is then
 * the reading alone, not a fork, a module load and V8 compiling the takeoff
 * cold (about 1.5 s of a 4 s wait on the VA finish plan, docs/benchmarks.md).
 * Resolves once it is ready (or gone).
 */
export function prepareAnalysisChild(maxOldSpaceMb: number): Promise<void> {
  keptFor.add(maxOldSpaceMb);
  const kept = spares.get(maxOldSpaceMb);
  if (kept && alive(kept.child)) return kept.ready;
  const child = forkChild(maxOldSpaceMb, ['--warm-up']);
  holdOpen(child, false);
  // Its stderr is read once it is taken; until then it is let through, unread (a full pipe would stall it).
  child.stderr?.resume();
  const ready = new Promise<void>((resolve) => {
    const onMessage = (message: { ready?: true }) => {
      if (!message.ready) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.once('exit', () => resolve());
  });
  const spare: SpareChild = { child, ready };
  spares.set(maxOldSpaceMb, spare);
  child.once('exit', () => {
    if (spares.get(maxOldSpaceMb) === spare) spares.delete(maxOldSpaceMb);
  });
  return ready;
}

/** Stops the spare children (the service is shutting down). */
export function discardSpareAnalysisChildren(): void {
  keptFor.clear();
  for (const { child } of spares.values()) child.kill('SIGKILL');
  spares.clear();
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null && child.connected;

/** What a child was asked, and how each of its endings reads to the caller. */
interface Reading<T> {
  request: object;
  timeoutMs: number;
  maxOldSpaceMb: number;
  /** The answer from the child's message ({ analysis } or { geometry }, or { error }). */
  answered: (message: Record<string, unknown>) => T;
  notStarted: () => T;
  timedOut: () => T;
  /** The child died; `outOfMemory` when its stderr says why. */
  crashed: (outOfMemory: boolean, how: string) => T;
}

/** A spare that turned out dead when given the file: the reading is done again in a fresh child. */
const SPARE_GONE = Symbol('spare gone');

/**
 * Reads in a child: the spare when there is one (a spare found dead when given
 * the file is replaced by a fresh fork, unseen by the user), else a fresh fork;
 * the next spare is prepared once the child is done (where spares are kept).
 */
async function readInChild<T>(reading: Reading<T>): Promise<T> {
  const spare = spares.get(reading.maxOldSpaceMb);
  spares.delete(reading.maxOldSpaceMb);
  let child = spare && alive(spare.child) ? spare.child : undefined;
  let answer: T | typeof SPARE_GONE = SPARE_GONE;
  if (child) {
    holdOpen(child, true);
    answer = await readIn(child, true, reading);
  }
  if (answer === SPARE_GONE) {
    child = forkChild(reading.maxOldSpaceMb);
    answer = (await readIn(child, false, reading)) as T;
  }
  // The next spare is forked once this child is gone, not beside it: the machine's cores are the reading's.
  const next = () => keptFor.has(reading.maxOldSpaceMb) && void prepareAnalysisChild(reading.maxOldSpaceMb);
  if (child!.exitCode !== null || child!.signalCode !== null) next();
  else child!.once('exit', next);
  return answer;
}

/**
 * Gives `child` the file once it can take it: a fresh child once it says it is ready; a spare once it
 * answers a ping (sent when it is taken, answered once its warm-up is over). A spare that dies before
 * it answers died idle, not on the user's file.
 */
function readIn<T>(child: ChildProcess, spare: boolean, reading: Reading<T>): Promise<T | typeof SPARE_GONE> {
  return new Promise((resolve) => {
    let settled = false;
    let answeredPing = false;
    let stderr = '';
    // The time limit is the reading's: it starts once the child has loaded its readers and asks for
    // the file. Loading them has a limit of its own, so a child that never gets ready is stopped too.
    let timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(reading.notStarted());
    }, STARTUP_LIMIT_MS);
    const settle = (answer: T | typeof SPARE_GONE) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        settle(reading.timedOut());
      }, reading.timeoutMs);
      child.send(reading.request, (error) => error && settle(reading.crashed(false, error.message)));
    };
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('message', (message: Record<string, unknown>) => {
      if (message.ready) {
        if (!spare) start();
      } else if (message.pong) {
        answeredPing = true;
        start();
      } else settle(reading.answered(message));
    });
    child.on('exit', (code, signal) => {
      if (spare && !answeredPing) return settle(SPARE_GONE);
      const outOfMemory = /heap out of memory|Allocation failed|RangeError: WebAssembly/.test(stderr);
      settle(reading.crashed(outOfMemory, signal ?? `exit ${code}`));
    });
    if (spare) child.send({ ping: true }, (error) => error && settle(SPARE_GONE));
  });
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
  return readInChild<DocumentAnalysis>({
    request: { path, kind, overrides: options.overrides ?? {} },
    timeoutMs: options.timeoutMs,
    maxOldSpaceMb: options.maxOldSpaceMb,
    answered: (message) =>
      (message.analysis as DocumentAnalysis | undefined) ??
      failed(kind, `This file could not be read: ${(message.error as string | undefined) ?? 'unknown error'}.`),
    notStarted: () => failed(kind, 'The analyser could not start in time. Upload the file again in a moment.'),
    timedOut: () =>
      failed(
        kind,
        `Reading this file took longer than ${duration(options.timeoutMs)} and was stopped. Split it into smaller files${
          kind === 'dwg' ? ', or export it as DXF,' : ''
        } and upload them again.`,
      ),
    crashed: (outOfMemory, how) =>
      failed(
        kind,
        outOfMemory
          ? `This file needs more memory to read than the analyser has.${kind === 'dwg' ? ' Export it as DXF and upload that instead.' : ' Split it into smaller files and upload them again.'}`
          : `The analyser stopped unexpectedly while reading this file (${how}). ${
              kind === 'dwg'
                ? 'Export it as DXF and upload that instead.'
                : 'Save or export it again and upload the new file.'
            }`,
      ),
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
  return readInChild<{ geometry: DrawingGeometry } | { error: string }>({
    request: { path, kind, mode: 'geometry', maxVertices: options.maxVertices },
    timeoutMs: options.timeoutMs,
    maxOldSpaceMb: options.maxOldSpaceMb,
    answered: (message) =>
      message.geometry
        ? { geometry: message.geometry as DrawingGeometry }
        : { error: `The drawing could not be read: ${(message.error as string | undefined) ?? 'unknown error'}.` },
    notStarted: () => ({ error: 'The drawing reader could not start in time. Try again in a moment.' }),
    timedOut: () => ({ error: `Reading the drawing took longer than ${duration(options.timeoutMs)} and was stopped.` }),
    crashed: (outOfMemory, how) => ({
      error: outOfMemory
        ? 'The drawing needs more memory to draw than the reader has.'
        : `The drawing reader stopped unexpectedly (${how}).`,
    }),
  });
}
