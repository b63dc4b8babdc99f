// The baseline for scripts/bench/gateway-read.mjs: a bare node:http server in
// one process doing the same Postgres read the full path ends in (identity's
// users row by id), with a pg Pool of the same size identity uses (10).
//
//   DATABASE_URL=postgres://... BENCH_USER_ID=<uuid> node scripts/bench/baseline-server.mjs
//
// Listens on 127.0.0.1 (PORT, or any free port) and prints `listening <port>`.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Pool } = require('pg');

const databaseUrl = process.env.DATABASE_URL;
const userId = process.env.BENCH_USER_ID;
if (!databaseUrl || !userId) {
  process.stderr.write('baseline-server: DATABASE_URL and BENCH_USER_ID are required\n');
  process.exit(2);
}

const pool = new Pool({ connectionString: databaseUrl, max: 10 });
const QUERY =
  'SELECT id, username, first_name, last_name, subscription_tier, subscription_expires_at, email_verified, created_at FROM users WHERE id = $1';

const server = createServer(async (req, res) => {
  if (req.method !== 'GET' || req.url !== '/user') {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    return;
  }
  try {
    const { rows } = await pool.query(QUERY, [userId]);
    const row = rows[0];
    if (!row) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Not authenticated"}');
      return;
    }
    // The same shape the gateway answers GET /api/user with.
    const body = JSON.stringify({
      id: row.id,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      subscriptionTier: row.subscription_tier,
      subscriptionExpiresAt: row.subscription_expires_at,
      emailVerified: row.email_verified,
      createdAt: row.created_at,
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  } catch {
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"Unavailable"}');
  }
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});

const stop = () => {
  server.close();
  server.closeAllConnections?.();
  void pool.end().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// Never outlive the benchmark that started it.
process.once('disconnect', stop);
