// `npm run chaos [-- --minutes 3 --seed 1]`: the fault suite of issue 18.
// Starts a stack of its own (fresh Postgres databases behind a TCP proxy, its
// own NATS server, s3rver behind an HTTP proxy, the seven services and the
// gateway from dist/), runs a paced mixed workload while a seeded schedule
// kills services, restarts NATS, cuts Postgres and fails S3 writes, then
// checks that nothing answered 2xx was lost or duplicated, that every event
// took effect once, that no document is stuck, that no 500 was answered and
// that every 503 fell in a fault; prints a table and exits 1 on any breach.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, startStack } from '@kerf/platform/testing';
import { resolveInfra } from '@kerf/platform';
import { natsServer, s3Proxy, tcpProxy } from './faults.mjs';
import { Workload, random } from './workload.mjs';
import { check } from './checks.mjs';
import { Races } from './races.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    actors: { type: 'string', default: '4' },
  },
});
const minutes = Number(values.minutes);
const seed = Number(values.seed);
const actors = Number(values.actors);
if (!(minutes > 0) || !Number.isInteger(seed) || !(actors > 0)) {
  console.error('usage: npm run chaos -- [--minutes 3] [--seed 1] [--actors 4]');
  process.exit(2);
}

const SERVICES = ['identity', 'projects', 'documents', 'ai-chat', 'estimates', 'billing', 'blog'];
/** How long a service may take to answer healthy once what it depends on is back (issue 18). */
const RECOVERY_LIMIT_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Multipart uploads open when the documents service was killed (it cannot abort them itself). */
const leftOpenByKills = new Set();
const log = (line) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);

const dataDir = mkdtempSync(join(tmpdir(), 'kerf-chaos-'));
const cleanups = [];
let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(exitCode === 0 ? 'chaos: PASS' : 'chaos: FAIL');
process.exit(exitCode);

async function main() {
  // --- the stack, every dependency behind something the suite can break
  const postgres = await tcpProxy({ host: '127.0.0.1', port: Number(process.env.CHAOS_POSTGRES_PORT ?? 5432) });
  cleanups.push(() => postgres.close());
  const natsDir = join(dataDir, 'nats');
  mkdirSync(natsDir);
  const nats = natsServer(await freePort(), natsDir);
  await nats.start();
  cleanups.push(() => nats.stop());
  const directPostgres = `postgres://postgres@127.0.0.1:${process.env.CHAOS_POSTGRES_PORT ?? 5432}/postgres`;
  const s3Server = await resolveInfra({
    dataDir,
    env: { DATABASE_URL: directPostgres, NATS_URL: nats.url },
    s3Port: 0,
  });
  cleanups.push(() => s3Server.stop());
  const s3 = await s3Proxy(new URL(s3Server.s3.endpoint));
  cleanups.push(async () => s3.close());

  // startStack reads the infrastructure from the environment (testInfra).
  Object.assign(process.env, {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${postgres.port}/postgres`,
    NATS_URL: nats.url,
    S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
    S3_ACCESS_KEY_ID: s3Server.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3Server.s3.secretAccessKey,
    S3_BUCKET: s3Server.s3.bucket,
    LOG_LEVEL: 'warn',
    // Seven services starting at once on two shared cores can take over a minute.
    KERF_START_TIMEOUT_MS: '240000',
  });
  log(`starting the seven services and the gateway (data in ${dataDir})`);
  // Without SMTP, identity writes its mail here: the reset race reads its link from it.
  const mailDir = join(dataDir, 'mail');
  mkdirSync(mailDir);
  // Documents aborts its multipart uploads left open (a kill mid-upload) once older than the longest upload: the
  // suite's are at most 8 MB on one machine, so a minute, looked for every 10 s, lets a run see them swept.
  const multipartSweep = { maxAgeMs: 60_000, everyMs: 10_000 };
  const stack = await startStack(SERVICES, {
    identity: { MAIL_DIR: mailDir },
    documents: {
      MULTIPART_UPLOAD_MAX_AGE_MS: String(multipartSweep.maxAgeMs),
      STAGED_UPLOAD_SWEEP_MS: String(multipartSweep.everyMs),
    },
  });
  cleanups.push(() => stack.stop());
  log(`stack up at ${stack.gatewayUrl}; ${actors} users for ${minutes} min, seed ${seed}`);

  // --- workload and faults side by side
  // One upload in eight is the 8 MB drawing, multipart in S3, in every run (docs/reliability.md: the broken pipe
  // a refused one once met in the one-minute run came from the gateway closing under the client; fixed).
  const workload = new Workload(stack.gatewayUrl, seed, { largeUploads: true });
  const until = Date.now() + minutes * 60_000;
  const faults = [];
  const pace = 400;
  const races = new Races({ stack, workload, mailDir, log });
  cleanups.push(() => races.close());
  const people = Array.from({ length: actors }, (_, i) => workload.actor(i, pace));
  await faultSchedule({ stack, postgres, nats, s3, faults, races, until });
  workload.stopped = true;
  await Promise.all(people);
  // A short run whose schedule ended before a race (or before any trial to sweep) runs it now: every run has both.
  if (!races.done.some((r) => r.kind === 'reset')) await races.resetToken();
  if (!races.done.some((r) => r.kind === 'sweep')) await races.billingSweeps();
  log(`workload done: ${workload.requests.length} requests, ${faults.length} faults`);

  // --- settle, then check
  const dump = (name) => stack.services[name]?.output.slice(-3000) ?? '';
  const result = await check({
    stack,
    workload,
    faults,
    s3,
    s3Server,
    log,
    recoveryLimitMs: RECOVERY_LIMIT_MS,
    multipartSweep,
  });
  const raceFailures = await races.check();
  result.failures.push(...raceFailures);
  printTable({ workload, faults, races, s3, result, raceFailures });
  const messages = new Map();
  for (const r of workload.requests.filter((r) => r.status >= 500 || r.status === 0)) {
    const key = `${r.status} ${r.route}: ${r.message}`;
    messages.set(key, (messages.get(key) ?? 0) + 1);
  }
  if (messages.size) console.log('\nError answers by route:');
  for (const [key, count] of [...messages].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${count} × ${key}`);
  if (result.failures.length) {
    console.log('\nWhat failed:');
    for (const failure of result.failures.slice(0, 60)) console.log(`  - ${failure}`);
    if (result.failures.length > 60) console.log(`  … and ${result.failures.length - 60} more`);
    // What the processes logged as errors, for finding the cause (a restarted service keeps only its latest run).
    for (const kerf of [stack.gateway, ...Object.values(stack.services)]) {
      const errors = kerf.output
        .split('\n')
        .filter((line) => /"level":("error"|50)|service call failed/.test(line) && !/"code":(14|4)\b/.test(line));
      for (const line of errors.slice(-5)) console.log(`  ${kerf.name}: ${line.slice(0, 1500)}`);
    }
    if (process.env.CHAOS_DUMP) for (const name of SERVICES) console.log(`\n--- ${name}\n${dump(name)}`);
  }
  return result.failures.length ? 1 : 0;
}

/**
 * One fault at a time, on a seeded schedule: Postgres, NATS and S3 in a seeded
 * order first (so a short run has every kind), then each service killed in
 * turn, then again. After each, the time until /api/health
 * answers 200 is the recovery.
 */
async function faultSchedule({ stack, postgres, nats, s3, faults, races, until }) {
  const rng = random(seed);
  const dependencies = ['postgres', 'nats', 's3'];
  const plan = [];
  for (let round = 0; plan.length < 200; round++) {
    plan.push(...[...dependencies].sort(() => rng.next() - 0.5));
    // The two races between faults, not during one: their verdict must not depend on what was down.
    plan.push('race reset', 'race sweep');
    for (let i = 0; i < SERVICES.length; i++) plan.push(`kill ${SERVICES[(i + round * 3) % SERVICES.length]}`);
  }
  await sleep(rng.between(3_000, 6_000)); // let the first users sign up
  for (const kind of plan) {
    // A fault and its recovery take up to ~40 s; none starts that could outlast the run.
    if (Date.now() > until - 8_000) break;
    if (kind.startsWith('race ')) {
      await (kind === 'race reset' ? races.resetToken() : races.billingSweeps());
      await sleep(rng.between(2_000, 6_000));
      continue;
    }
    // Documents is killed in the middle of a multipart upload when one comes within 20 s (one upload in eight
    // is the 8 MB drawing): the upload it cannot abort is what its sweep must find.
    if (kind === 'kill documents') {
      const latest = Date.now() + 20_000;
      while (s3.openMultipartUploads().length === 0 && Date.now() < latest) await sleep(50);
    }
    const fault = { kind, start: Date.now(), backAt: 0, healthyAt: 0, recoveryMs: 0 };
    faults.push(fault);
    if (kind === 'postgres') {
      postgres.refuse();
      await sleep(rng.between(3_000, 8_000));
      postgres.accept();
    } else if (kind === 'nats') {
      await nats.stop();
      await sleep(rng.between(2_000, 5_000));
      await nats.start();
    } else if (kind === 's3') {
      s3.fail();
      await sleep(rng.between(4_000, 10_000));
      s3.heal();
    } else {
      const service = stack.services[kind.slice('kill '.length)];
      await service.stop('SIGKILL');
      // Documents is the one writer of multipart uploads: what is open once it is dead, its sweep must abort.
      if (kind === 'kill documents')
        for (const upload of s3.openMultipartUploads()) leftOpenByKills.add(upload.uploadId);
      await sleep(rng.between(500, 3_000));
      service.start();
      await service.waitFor(/serving gRPC/, 240_000);
    }
    fault.backAt = Date.now();
    fault.healthyAt = await healthyAgain(stack.gatewayUrl, fault.backAt + 60_000);
    fault.recoveryMs = fault.healthyAt ? fault.healthyAt - fault.backAt : Infinity;
    log(
      `${kind}: down ${((fault.backAt - fault.start) / 1000).toFixed(1)} s, healthy ${fault.healthyAt ? `${(fault.recoveryMs / 1000).toFixed(1)} s after` : 'NEVER'}`,
    );
    await sleep(rng.between(2_000, 6_000));
  }
}

/** When /api/health first answers 200 (every service and its dependencies up), or 0 by `deadline`. */
async function healthyAgain(gatewayUrl, deadline) {
  let last = '';
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(`${gatewayUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      last = await answer.text();
      if (answer.status === 200) return Date.now();
    } catch (error) {
      last = String(error);
    }
    await sleep(250);
  }
  log(`still unhealthy: ${last}`);
  return 0;
}

function printTable({ workload, faults, races, s3, result, raceFailures }) {
  const rows = [];
  const byKind = new Map();
  for (const fault of faults) {
    const kind = fault.kind.startsWith('kill ') ? 'service killed (SIGKILL) and restarted' : fault.kind;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const label = { postgres: 'Postgres refusing connections', nats: 'NATS restarted', s3: 'S3 failing writes' };
  const resets = races.done.filter((r) => r.kind === 'reset');
  const sweeps = races.done.filter((r) => r.kind === 'sweep');
  rows.push(['Faults injected', String(faults.length + races.done.length)]);
  for (const [kind, count] of byKind) rows.push([`  ${label[kind] ?? kind}`, String(count)]);
  rows.push([
    '  S3 writes failed (500 / reset)',
    `${s3.stats.failedWrites} (${s3.stats.failedWrites - s3.stats.resets} / ${s3.stats.resets})`,
  ]);
  rows.push(['  reset token used twice at once', String(resets.length)]);
  rows.push(['  two billing sweeps at once', String(sweeps.length)]);
  rows.push([
    '    reset races won / refused (4xx)',
    `${resets.flatMap((r) => r.answers).filter((a) => a.status < 300).length} / ${resets.flatMap((r) => r.answers).filter((a) => a.status >= 400 && a.status < 500).length}`,
  ]);
  rows.push(['    subscriptions settled by the sweep races', String(sweeps.reduce((n, r) => n + r.due.length, 0))]);
  rows.push(['    race breaches (double use, double charge, event count)', String(raceFailures.length)]);
  const slowest = Math.max(0, ...faults.map((f) => f.recoveryMs));
  rows.push(['Slowest recovery to healthy', Number.isFinite(slowest) ? `${(slowest / 1000).toFixed(1)} s` : 'never']);
  rows.push(['Requests', String(workload.requests.length)]);
  const statuses = new Map();
  for (const r of workload.requests) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  for (const [status, count] of [...statuses].sort((a, b) => a[0] - b[0]))
    rows.push([`  answered ${status === 0 ? 'nothing' : status}`, String(count)]);
  rows.push(['Users signed up', String(workload.users.length)]);
  rows.push(['Writes checked', String(result.checked)]);
  rows.push(['Lost', String(result.lost)]);
  rows.push(['Duplicated', String(result.duplicated)]);
  const { tried, acked, largeTried, largeAcked } = workload.uploads;
  rows.push(['Uploads stored / tried (of them over 5 MB)', `${acked} / ${tried} (${largeAcked} / ${largeTried})`]);
  rows.push(['Documents analysed / failed with a reason', `${result.analysed} / ${result.failedDocuments}`]);
  rows.push(['Stuck documents', String(result.stuck)]);
  rows.push(['500 answers', String(result.fiveHundreds)]);
  rows.push(['503 outside a fault or without a message', String(result.stray503)]);
  rows.push(['Orphaned S3 objects / open multipart uploads', `${result.orphans} / ${result.openMultipart}`]);
  const stillOpen = new Set(s3.openMultipartUploads().map((u) => u.uploadId));
  const swept = [...leftOpenByKills].filter((id) => !stillOpen.has(id)).length;
  rows.push(['Multipart uploads a documents kill left open / aborted since', `${leftOpenByKills.size} / ${swept}`]);
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n| ${'What'.padEnd(width)} | Count |\n|${'-'.repeat(width + 2)}|-------|`);
  for (const [what, count] of rows) console.log(`| ${what.padEnd(width)} | ${count} |`);
  for (const [reason, count] of result.failureReasons) console.log(`  failed ${count} ×: ${reason}`);
}
