// The dependencies the fault suite can break: a TCP proxy in front of Postgres
// that can refuse and cut connections, an HTTP proxy in front of S3 that can
// fail object and part uploads, and a NATS server of its own to restart.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, connect } from 'node:net';

/** Listens on a free port of 127.0.0.1; answers the port. */
async function listen(server) {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server.address().port;
}

/**
 * Forwards TCP to `target`. `refuse()` cuts every open connection and closes
 * new ones at once (what services see while Postgres is down or restarting);
 * `accept()` lets them through again.
 */
export async function tcpProxy(target) {
  const open = new Set();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = connect(target);
    const pair = { client, upstream };
    open.add(pair);
    const close = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await listen(server);
  return {
    port,
    refuse() {
      refusing = true;
      for (const { client, upstream } of open) {
        client.destroy();
        upstream.destroy();
      }
      open.clear();
    },
    accept() {
      refusing = false;
    },
    async close() {
      this.refuse();
      server.close();
    },
  };
}

/**
 * s3rver behind an HTTP proxy that can fail object and part uploads and that
 * answers the multipart calls s3rver lacks (ListMultipartUploads,
 * AbortMultipartUpload) from the uploads it saw begin: the proxy of
 * `@kerf/platform/testing`, shared with the documents service's specs.
 */
export { s3Proxy } from '@kerf/platform/testing';

/** A NATS server with JetStream on `port`, storing in `dir`; restartable. */
export function natsServer(port, dir, binary = process.env.NATS_SERVER_BIN || 'nats-server') {
  let child;
  const start = async () => {
    child = spawn(binary, ['-js', '-sd', dir, '-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    child.on('error', (error) => console.error(`nats-server: ${error.message}`));
    for (let i = 0; i < 200; i++) {
      if (await portAnswers(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`nats-server did not listen on ${port}`);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  return { url: `nats://127.0.0.1:${port}`, start, stop };
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
