// The dependencies the fault suite can break: a TCP proxy in front of Postgres
// that can refuse and cut connections, an HTTP proxy in front of S3 that can
// fail object and part uploads, and a NATS server of its own to restart.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest, createServer as createHttpServer } from 'node:http';
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
 * Forwards HTTP to an S3 endpoint. While `failing`, object writes (PutObject
 * and UploadPart) are answered 500 InternalError, or the connection is reset,
 * after the body was read in part, as a real S3 does under trouble. It keeps
 * count of multipart uploads begun, completed and aborted, and answers
 * AbortMultipartUpload itself (s3rver does not implement it).
 */
export async function s3Proxy(target) {
  const multipart = new Map(); // uploadId -> key, while open
  const stats = { failedWrites: 0, resets: 0, begun: 0, completed: 0, aborted: 0 };
  let failing = false;
  let toggle = 0;
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url, 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'DELETE' && uploadId) {
      if (multipart.delete(uploadId)) stats.aborted++;
      req.resume();
      res.writeHead(204).end();
      return;
    }
    const isWrite = req.method === 'PUT' && !req.headers['x-amz-copy-source'];
    if (failing && isWrite) {
      stats.failedWrites++;
      // Half the failures an error answer, half a connection reset mid-body.
      if (toggle++ % 2 === 0) {
        req.resume();
        req.on('end', () => {
          res.writeHead(500, { 'content-type': 'application/xml' });
          res.end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>',
          );
        });
      } else {
        stats.resets++;
        req.once('data', () => req.socket.destroy());
        req.on('end', () => req.socket.destroy());
      }
      return;
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (req.method === 'POST' && url.searchParams.has('uploads') && answer.statusCode === 200) {
          const chunks = [];
          answer.on('data', (c) => chunks.push(c));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            const id = /<UploadId>([^<]+)<\/UploadId>/.exec(body.toString())?.[1];
            if (id) {
              multipart.set(id, url.pathname);
              stats.begun++;
            }
            res.writeHead(answer.statusCode, answer.headers);
            res.end(body);
          });
          return;
        }
        if (req.method === 'POST' && uploadId && answer.statusCode === 200 && multipart.delete(uploadId))
          stats.completed++;
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await listen(server);
  return {
    port,
    stats,
    /** Multipart uploads begun and neither completed nor aborted: parts S3 keeps (and bills) forever. */
    openMultipart: () => [...multipart.values()],
    fail() {
      failing = true;
    },
    heal() {
      failing = false;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

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
