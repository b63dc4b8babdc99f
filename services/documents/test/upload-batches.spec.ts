import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { Client } from 'pg';
import type { TestStack } from '@kerf/platform/testing';
import { documentsGrpc } from './documents-grpc';
import { documentsStack, type DocumentsStack } from './documents-stack';
import { writePdf } from './analysis/pdf-fixture-writer';
import { uploadingUser, type Json, type UploadingUser } from './uploading-user';

/** A small whole PNG: what a "PDF" that lies about its type holds. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(6))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Issue 18, defects 4 and 5: a multipart upload is kept whole or not at all,
 * and the project may come after the files or in the query string, as
 * `curl -F file=@a.pdf -F projectId=…` sends it.
 */
describe('upload batches through the gateway', () => {
  let docs: DocumentsStack;
  let stack: TestStack;
  let db: Client;
  const pdf = (text: string) => writePdf([[{ text, x: 72, y: 720 }]]);

  /** Every row and stored object the documents service holds, staged ones included. */
  const holdings = async () => ({
    documents: await docs.count('SELECT count(*)::int AS n FROM documents'),
    staged: await docs.count('SELECT count(*)::int AS n FROM staged_uploads'),
    events: await docs.count(`SELECT count(*)::int AS n FROM outbox WHERE type = 'document-uploaded'`),
    objects: (await docs.objects('documents/')) + (await docs.objects('uploads/')),
  });

  /** Posts the parts in exactly the order given: [name, value] fields and [name, bytes, filename] files. */
  async function post(user: UploadingUser, parts: Array<[string, string] | [string, Buffer, string]>, query = '') {
    const form = new FormData();
    for (const part of parts) {
      if (part.length === 2) form.append(part[0], part[1]);
      else form.append(part[0], new Blob([new Uint8Array(part[1])]), part[2]);
    }
    const reply = await fetch(`${stack.gatewayUrl}/api/documents${query}`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: form,
    });
    return { status: reply.status, json: (await reply.json()) as Json };
  }
  const newUser = () => uploadingUser(stack, 'batch');

  before(async () => {
    // The staged-file sweep looks every 200 ms here (every 10 minutes by default).
    docs = await documentsStack({ STAGED_UPLOAD_SWEEP_MS: '200' });
    stack = docs.stack;
    db = docs.db;
  });
  after(async () => {
    await docs?.stop();
  });

  it('keeps nothing of a batch with one refused file: no document, no object, no event', async () => {
    const user = await newUser();
    const before = await holdings();
    const refused = await post(user, [
      ['projectId', user.projectId],
      ['file', pdf('Sheet one'), 'good1.pdf'],
      ['file', png(), 'bad2.pdf'],
      ['file', pdf('Sheet three'), 'good3.pdf'],
    ]);
    assert.equal(refused.status, 400, JSON.stringify(refused.json));
    assert.match(refused.json.message, /bad2\.pdf/);
    assert.deepEqual(await holdings(), before);
    assert.deepEqual((await user.call('GET', `/api/documents?projectId=${user.projectId}`)).json, []);

    // The retry of the good files stores each once.
    const retried = await post(user, [
      ['projectId', user.projectId],
      ['file', pdf('Sheet one'), 'good1.pdf'],
      ['file', pdf('Sheet three'), 'good3.pdf'],
    ]);
    assert.equal(retried.status, 201, JSON.stringify(retried.json));
    assert.deepEqual(
      retried.json.map((document: Json) => document.filename),
      ['good1.pdf', 'good3.pdf'],
    );
    const listed = (await user.call('GET', `/api/documents?projectId=${user.projectId}`)).json as Json[];
    assert.deepEqual(listed.map((document) => document.filename).sort(), ['good1.pdf', 'good3.pdf']);
    const after = await holdings();
    assert.deepEqual(
      [after.documents, after.objects, after.events, after.staged],
      [before.documents + 2, before.objects + 2, before.events + 2, 0],
    );
  });

  it('accepts the project after the files (as curl -F sends them), binding the batch to it', async () => {
    const user = await newUser();
    const before = await holdings();
    const stored = await post(user, [
      ['file', pdf('Plan A'), 'a.pdf'],
      ['file', pdf('Plan B'), 'b.pdf'],
      ['projectId', user.projectId],
      ['documentType', 'bid'],
    ]);
    assert.equal(stored.status, 201, JSON.stringify(stored.json));
    assert.deepEqual(
      stored.json.map((document: Json) => [document.filename, document.projectId, document.documentType]),
      [
        ['a.pdf', user.projectId, 'bid'],
        ['b.pdf', user.projectId, 'bid'],
      ],
    );
    const bids = (await user.call('GET', `/api/documents?projectId=${user.projectId}&documentType=bid`)).json;
    assert.equal(bids.length, 2);
    const after = await holdings();
    assert.deepEqual([after.documents, after.objects, after.staged], [before.documents + 2, before.objects + 2, 0]);
  });

  it('accepts the project from the query string', async () => {
    const user = await newUser();
    const stored = await post(user, [['file', pdf('Query'), 'q.pdf']], `?projectId=${user.projectId}`);
    assert.equal(stored.status, 201, JSON.stringify(stored.json));
    assert.equal(stored.json.projectId, user.projectId);
    assert.equal(stored.json.documentType, 'project');
  });

  it("refuses files sent before another user's project, a missing or conflicting project, keeping nothing", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const before = await holdings();
    const foreign = await post(bob, [
      ['file', pdf('x'), 'x.pdf'],
      ['projectId', alice.projectId],
    ]);
    assert.equal(foreign.status, 404);
    const missing = await post(bob, [['file', pdf('x'), 'x.pdf']]);
    assert.equal(missing.status, 400);
    assert.match(missing.json.message, /Project ID/);
    const conflicting = await post(
      bob,
      [
        ['projectId', bob.projectId],
        ['file', pdf('x'), 'x.pdf'],
      ],
      `?projectId=${alice.projectId}`,
    );
    assert.equal(conflicting.status, 400);
    assert.match(conflicting.json.message, /differ/);
    const badType = await post(bob, [
      ['file', pdf('x'), 'x.pdf'],
      ['projectId', bob.projectId],
      ['documentType', 'other'],
    ]);
    assert.equal(badType.status, 400);
    assert.deepEqual(await holdings(), before);
    assert.deepEqual((await alice.call('GET', `/api/documents?projectId=${alice.projectId}`)).json, []);
  });

  it('removes a staged file no batch ever committed (its request died) once it is 6 hours old', async () => {
    const user = await newUser();
    const before = await holdings();
    // As a gateway that dies after streaming a file: staged, never committed nor discarded.
    const grpc = documentsGrpc(`127.0.0.1:${stack.services.documents!.env.GRPC_PORT}`);
    const staged = await grpc.stage(user.id, user.projectId, 'orphan.pdf', pdf('Orphan')).finally(() => grpc.close());
    const held = await holdings();
    assert.deepEqual(
      [held.staged, held.objects, held.documents],
      [before.staged + 1, before.objects + 1, before.documents],
    );
    // Younger than 6 hours, it is kept (the sweep has run many times meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal((await holdings()).staged, before.staged + 1);

    await db.query(`UPDATE staged_uploads SET created_at = now() - interval '7 hours' WHERE id = $1`, [staged.id]);
    for (const until = Date.now() + 15_000; Date.now() < until;) {
      const now = await holdings();
      if (now.staged === before.staged && now.objects === before.objects) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(await holdings(), before);
  });
});
