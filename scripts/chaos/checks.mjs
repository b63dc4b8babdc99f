// The fault suite's verdict, read from each service's own database and the S3
// bucket once everything is back: judged by invariants (what a 2xx promised
// is there exactly once, every event took effect once), never by timing races.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';

/** GRPC_CLIENT_CHANNEL_OPTIONS' max_reconnect_backoff_ms: how long after a peer is back a channel may still be waiting. */
const PEER_RECONNECT_MS = 5_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `ready()` answers true, or `ms` passed without `progress()` changing
 * (a queue of analyses still draining on a slow machine is not stuck); answers the last verdict.
 */
async function settle(ms, ready, progress) {
  let until = Date.now() + ms;
  let last = await progress();
  for (;;) {
    if (await ready()) return true;
    const now = await progress();
    if (now !== last) [last, until] = [now, Date.now() + ms];
    if (Date.now() > until) return false;
    await sleep(500);
  }
}

export async function check({ stack, workload, faults, s3, s3Server, log, recoveryLimitMs, multipartSweep }) {
  const failures = [];
  const result = { failures, checked: 0, lost: 0, duplicated: 0, stuck: 0, fiveHundreds: 0, stray503: 0 };
  Object.assign(result, { analysed: 0, failedDocuments: 0, failureReasons: new Map() });
  const lost = (what) => {
    result.lost++;
    failures.push(`lost: ${what}`);
  };
  const duplicated = (what) => {
    result.duplicated++;
    failures.push(`duplicated: ${what}`);
  };

  // Each service's own database, straight to Postgres (not through the fault proxy).
  const db = {};
  for (const [name, url] of Object.entries(stack.databases)) {
    const direct = new URL(url);
    direct.port = process.env.CHAOS_POSTGRES_PORT ?? '5432';
    db[name] = new pg.Client({ connectionString: direct.toString() });
    await db[name].connect();
  }
  const q = async (service, sql, params = []) => (await db[service].query(sql, params)).rows;

  try {
    // --- answers: no 500 ever; 503 only while a fault (and its recovery) lasted, and with a message
    // A service's channel to a restarted peer reconnects within grpc.max_reconnect_backoff_ms (5 s) of health being back.
    const windows = faults.map((f) => [f.start, f.healthyAt ? f.healthyAt + PEER_RECONNECT_MS : Infinity]);
    for (const r of workload.requests) {
      if (r.status >= 500 && r.status !== 503) {
        result.fiveHundreds++;
        failures.push(`${r.status} from ${r.route}: ${r.message || '(no message)'}`);
      } else if (r.status === 503) {
        const inFault = windows.some(([from, to]) => r.end >= from && r.start <= to);
        if (!inFault || !r.message) {
          result.stray503++;
          failures.push(`503 from ${r.route} ${inFault ? 'without a message' : `outside any fault: ${r.message}`}`);
        }
      } else if (r.status === 0) {
        result.fiveHundreds++;
        failures.push(`no answer from ${r.route} (${r.message})`);
      }
    }

    // --- recovery: every service healthy within the limit of its dependency coming back
    for (const f of faults) {
      if (!(f.recoveryMs <= recoveryLimitMs))
        failures.push(
          `${f.kind}: not healthy within ${recoveryLimitMs / 1000} s of coming back (${Number.isFinite(f.recoveryMs) ? `${(f.recoveryMs / 1000).toFixed(1)} s` : 'never'})`,
        );
    }

    // --- settle: documents analysed, events delivered (bounded waits; what is still missing then is a failure)
    const users = workload.users;
    const projects = users.flatMap((u) => u.projects.map((p) => ({ ...p, user: u })));
    const deleted = projects.filter((p) => p.deleted === 'acked');
    const trials = users.filter((u) => u.trial === 'acked');
    log('settling: waiting for analyses and events to finish');
    await settle(
      120_000,
      async () => {
        const busy = await q(
          'documents',
          `SELECT count(*)::int AS n FROM documents WHERE status IN ('pending','processing')`,
        );
        if (busy[0].n > 0) return false;
        const entitled = await q('projects', `SELECT user_id FROM entitlements WHERE status IN ('trialing','active')`);
        const ids = new Set(entitled.map((r) => r.user_id));
        if (!trials.every((u) => ids.has(u.id))) return false;
        const ghostIds = deleted.map((p) => p.id);
        if (ghostIds.length === 0) return true;
        const [docs, estimates, materials] = await Promise.all([
          q('documents', `SELECT count(*)::int AS n FROM documents WHERE project_id = ANY($1::uuid[])`, [ghostIds]),
          q('estimates', `SELECT count(*)::int AS n FROM estimates WHERE project_id = ANY($1::uuid[])`, [ghostIds]),
          q('ai-chat', `SELECT count(*)::int AS n FROM materials WHERE project_id = ANY($1::uuid[])`, [ghostIds]),
        ]);
        return docs[0].n + estimates[0].n + materials[0].n === 0;
      },
      async () =>
        (await q('documents', `SELECT count(*)::int AS n FROM documents WHERE status IN ('analyzed','failed')`))[0].n,
    );

    // --- users and subscriptions
    const userRows = new Map((await q('identity', `SELECT id::text, username FROM users`)).map((r) => [r.id, r]));
    const subscriptions = await q('billing', `SELECT user_id::text, status FROM subscriptions`);
    const entitlements = new Map(
      (await q('projects', `SELECT user_id::text, status FROM entitlements`)).map((r) => [r.user_id, r.status]),
    );
    for (const user of users) {
      result.checked++;
      if (!userRows.has(user.id)) lost(`user ${user.email}`);
      if (user.trial !== 'acked') continue;
      result.checked++;
      const mine = subscriptions.filter((s) => s.user_id === user.id && ['trialing', 'active'].includes(s.status));
      if (mine.length === 0) lost(`trial of ${user.email}`);
      if (mine.length > 1) duplicated(`trial of ${user.email} (${mine.length} live subscriptions)`);
      if (!['trialing', 'active'].includes(entitlements.get(user.id)))
        lost(`trial → entitled for ${user.email} (projects has ${entitlements.get(user.id) ?? 'nothing'})`);
    }

    // --- projects, notes, materials, documents, messages, estimates
    const projectRows = await q('projects', `SELECT id::text, name FROM projects`);
    const byName = Map.groupBy(projectRows, (r) => r.name);
    for (const user of users) {
      for (const name of user.unackedProjects ?? [])
        if ((byName.get(name)?.length ?? 0) > 1) duplicated(`project ${name} (not acknowledged)`);
    }
    const notes = new Map(
      (await q('projects', `SELECT project_id::text, content FROM project_notes`)).map((r) => [
        r.project_id,
        r.content,
      ]),
    );
    const materials = Map.groupBy(
      await q('ai-chat', `SELECT id::text, project_id::text, name, quantity::text FROM materials`),
      (r) => r.name,
    );
    const documents = Map.groupBy(
      await q(
        'documents',
        `SELECT id::text, project_id::text, filename, filesize::int, status, error, storage_key FROM documents`,
      ),
      (r) => r.filename,
    );
    const messages = Map.groupBy(
      await q('ai-chat', `SELECT content FROM messages WHERE sender = 'user'`),
      (r) => r.content,
    );
    const estimates = Map.groupBy(
      await q('estimates', `SELECT id::text, project_id::text FROM estimates`),
      (r) => r.project_id,
    );

    for (const project of projects) {
      const rows = byName.get(project.name) ?? [];
      result.checked++;
      if (project.deleted === 'acked') {
        if (rows.length) lost(`deletion of project ${project.name}`);
        for (const d of project.documents)
          if (documents.get(d.filename)?.length) lost(`deletion of document ${d.filename} with its project`);
        for (const m of project.materials)
          if (materials.get(m.name)?.length) lost(`deletion of material ${m.name} with its project`);
        if (estimates.get(project.id)?.length) lost(`deletion of the estimates of project ${project.name}`);
        continue;
      }
      if (rows.length > 1) duplicated(`project ${project.name} (${rows.length} rows)`);
      if (project.deleted === 'tried' && rows.length === 0) continue; // deleted, though the answer never said so
      if (rows.length === 0) {
        lost(`project ${project.name}`);
        continue;
      }
      // The note holds the last acknowledged text or a later one whose answer was lost.
      const { attempts, lastAcked } = project.notes;
      if (attempts.length) {
        result.checked++;
        const allowed = attempts.slice(Math.max(0, lastAcked));
        const note = notes.get(project.id);
        if (lastAcked < 0 ? note !== undefined && !attempts.includes(note) : !allowed.includes(note))
          lost(`note of ${project.name}: holds ${JSON.stringify(note?.slice(0, 60))}`);
      }
      for (const m of project.materials) {
        const found = materials.get(m.name) ?? [];
        if (m.acked) result.checked++;
        if (found.length > 1) duplicated(`material ${m.name} (${found.length} rows)`);
        if (m.acked && found.length === 0) lost(`material ${m.name}`);
        if (m.acked && found.length === 1) {
          const allowed = m.quantities.slice(Math.max(0, m.lastAcked)).map(Number);
          if (!allowed.includes(Number(found[0].quantity)))
            lost(
              `edit of material ${m.name}: quantity ${found[0].quantity}, acknowledged ${m.quantities[m.lastAcked]}`,
            );
        }
      }
      for (const d of project.documents) {
        const found = documents.get(d.filename) ?? [];
        if (d.acked) result.checked++;
        if (found.length > 1) duplicated(`document ${d.filename} (${found.length} rows)`);
        if (d.acked && found.length === 0) lost(`document ${d.filename}`);
        for (const row of found) {
          if (row.status === 'analyzed') result.analysed++;
          if (row.status === 'failed') {
            result.failedDocuments++;
            result.failureReasons.set(row.error, (result.failureReasons.get(row.error) ?? 0) + 1);
          }
          if (row.filesize !== d.size) lost(`document ${d.filename}: ${row.filesize} bytes stored of ${d.size}`);
          if (row.status === 'pending' || row.status === 'processing') {
            result.stuck++;
            failures.push(`stuck: document ${d.filename} still ${row.status}`);
          } else if (row.status === 'failed' && !row.error) {
            result.stuck++;
            failures.push(`stuck: document ${d.filename} failed without a reason`);
          }
        }
      }
      for (const m of project.messages) {
        const found = messages.get(m.content) ?? [];
        if (m.acked) result.checked++;
        if (found.length > 1) duplicated(`chat question ${m.content} (${found.length} rows)`);
        if (m.acked && found.length === 0) lost(`chat question ${m.content}`);
      }
      const stored = estimates.get(project.id) ?? [];
      const ids = new Set(stored.map((e) => e.id));
      for (const id of project.estimates.acked) {
        result.checked++;
        if (!ids.has(id)) lost(`estimate ${id} of ${project.name}`);
      }
      if (stored.length > project.estimates.attempts)
        duplicated(`estimates of ${project.name}: ${stored.length} stored of ${project.estimates.attempts} asked`);
    }

    // --- storage: every object belongs to a document, a staged upload or an estimate; no multipart left open
    const client = new S3Client({
      endpoint: s3Server.s3.endpoint,
      region: s3Server.s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3Server.s3.accessKeyId, secretAccessKey: s3Server.s3.secretAccessKey },
    });
    const keys = [];
    const sizes = new Map();
    let token;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s3Server.s3.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        keys.push(object.Key);
        sizes.set(object.Key, object.Size);
      }
      token = page.NextContinuationToken;
    } while (token);
    const referenced = new Set([
      ...(
        await q('documents', `SELECT storage_key AS k FROM documents UNION ALL SELECT storage_key FROM staged_uploads`)
      ).map((r) => r.k),
      ...(await q('estimates', `SELECT pdf_key AS k FROM estimates UNION ALL SELECT xlsx_key FROM estimates`)).map(
        (r) => r.k,
      ),
    ]);
    const orphans = keys.filter((k) => !referenced.has(k));
    result.orphans = orphans.length;
    for (const key of orphans.slice(0, 20)) failures.push(`orphaned S3 object ${key}`);
    // A stored document's object is whole: a multipart upload cut between parts must not leave a short object.
    for (const row of await q('documents', `SELECT storage_key, filename, filesize::int FROM documents`)) {
      if (!sizes.has(row.storage_key)) lost(`object ${row.storage_key} of a stored document`);
      else if (sizes.get(row.storage_key) !== row.filesize)
        lost(`object of ${row.filename}: ${sizes.get(row.storage_key)} bytes of ${row.filesize}`);
    }
    // A documents process killed mid-upload leaves its upload open; the service's sweep aborts it once older than
    // its limit. Wait for the sweep to have had its chance at every open upload (bounded), then count what is left.
    const sweptBy = (u) => u.initiated.getTime() + multipartSweep.maxAgeMs + 2 * multipartSweep.everyMs;
    const lastChance = Math.max(0, ...s3.openMultipartUploads().map(sweptBy));
    if (lastChance > Date.now())
      log(`waiting up to ${Math.ceil((lastChance - Date.now()) / 1000)} s for the multipart sweep`);
    await settle(
      Math.max(0, lastChance - Date.now()),
      async () => s3.openMultipart().length === 0,
      async () => 0,
    );
    const open = s3.openMultipart();
    result.openMultipart = open.length;
    for (const key of open) failures.push(`multipart upload left open: ${key}`);
  } finally {
    await Promise.all(Object.values(db).map((c) => c.end().catch(() => undefined)));
  }
  return result;
}
