/**
 * An upload refused before its body is read must still reach the client as an
 * answer. The fault suite (issue 18) saw an 8 MB `POST /api/documents` end in
 * a broken pipe (EPIPE) while projects was down: the gateway answered 503
 * before reading the body and closed the connection under a client still
 * sending it. Here projects is stopped and several large uploads are sent as
 * the browser and the suite send them (fetch, multipart): each must read the
 * 503 with its message.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { createProject, signUp, startStack, startTrial, type TestStack, type TestUser } from '@kerf/platform/testing';

const MB = 1024 * 1024;

describe('a large upload refused before its body is read', () => {
  let stack: TestStack;
  let user: TestUser;
  let projectId: string;

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'documents']);
    user = await signUp(stack.gatewayUrl, 'refused-early');
    await startTrial(user);
    projectId = await createProject(user, 'Refused early');
  });
  after(async () => {
    await stack?.stop();
  });

  /** A multipart upload of `size` bytes of DXF text; answers the status and message, or the error fetch threw. */
  const upload = async (size: number, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([Buffer.alloc(size, '999\ncomment\n')]), 'large.dxf');
    try {
      const reply = await fetch(`${stack.gatewayUrl}/api/documents`, {
        method: 'POST',
        headers: { cookie: user.cookie, 'x-requested-with': 'XMLHttpRequest' },
        body: form,
      });
      const json = (await reply.json()) as { message?: string };
      return { status: reply.status, message: json.message };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { status: 0, message: `${String(error)}: ${cause?.code ?? ''} ${cause?.message ?? ''}` };
    }
  };

  /**
   * The same upload from a client that reads the answer only once it has sent the whole body (as many HTTP
   * clients do, and as fetch does when its process is busy): it sees the answer only if the gateway read the body
   * on to its end instead of closing the connection under it. The connection kept alive (as fetch keeps it) or
   * `close`. Answers the status line, or the socket error.
   */
  const uploadThenRead = (size: number, fields: Record<string, string>, connection = 'keep-alive') =>
    new Promise<string>((resolve) => {
      const url = new URL(stack.gatewayUrl);
      const boundary = 'kerfboundary';
      const head = Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('');
      const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.dxf"\r\n\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      const length = Buffer.byteLength(head + fileHead + tail) + size;
      const socket = connect({ host: url.hostname, port: Number(url.port) });
      let answer = '';
      let sent = false;
      socket.on('error', (error: NodeJS.ErrnoException) =>
        resolve(`${sent ? 'after' : 'while'} sending: ${error.code}`),
      );
      void (async () => {
        const write = (chunk: string | Buffer) =>
          new Promise<void>((done) => (socket.write(chunk) ? done() : socket.once('drain', done)));
        await write(
          `POST /api/documents HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${user.cookie}\r\n` +
            `X-Requested-With: XMLHttpRequest\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
            `Content-Length: ${length}\r\nConnection: ${connection}\r\n\r\n${head}${fileHead}`,
        );
        const chunk = Buffer.alloc(64 * 1024, '999\ncomment\n');
        for (let left = size; left > 0 && !socket.destroyed; left -= chunk.length)
          await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
        if (socket.destroyed) return;
        await write(tail);
        sent = true;
        // Only now is the answer read.
        socket.on('data', (data: Buffer) => {
          answer += data.toString();
          if (!answer.includes('\r\n')) return;
          socket.destroy();
          resolve(answer.split('\r\n')[0]!);
        });
      })();
    });

  it('answers 404 to an upload to a project that is not the user’s, every time', async () => {
    for (const size of [8 * MB, 24 * MB, 8 * MB, 24 * MB]) {
      const { status, message } = await upload(size, { projectId: '00000000-0000-4000-8000-000000000000' });
      assert.equal(status, 404, `${size / MB} MB: ${message}`);
    }
    const projectIdOfNobody = { projectId: '00000000-0000-4000-8000-000000000000' };
    for (const connection of ['keep-alive', 'close'])
      assert.equal(await uploadThenRead(8 * MB, projectIdOfNobody, connection), 'HTTP/1.1 404 Not Found', connection);
  });

  describe('while projects is down', () => {
    before(async () => {
      await stack.services.projects!.stop('SIGKILL');
    });

    it('answers 503 with its message to every large upload, never a broken connection', async () => {
      const answers = [];
      for (const size of [8 * MB, 24 * MB, 8 * MB, 24 * MB, 8 * MB, 12 * MB])
        answers.push(await upload(size, { projectId }));
      for (const [i, { status, message }] of answers.entries())
        assert.equal(status, 503, `upload ${i + 1}: ${status} ${message}`);
      for (const { message } of answers) assert.match(message ?? '', /temporarily unavailable|try again/i);
    });

    it('lets a client that reads only after sending its body read the 503', async () => {
      for (const connection of ['keep-alive', 'close'])
        for (const size of [8 * MB, 24 * MB])
          assert.equal(
            await uploadThenRead(size, { projectId }, connection),
            'HTTP/1.1 503 Service Unavailable',
            `${size / MB} MB, connection ${connection}`,
          );
    });
  });
});
