/**
 * A documents process killed mid-analysis leaves its document 'processing'.
 * The queue takes it up again at once when no process holds the document's
 * analysis lock (the dead one's went with its connection), and leaves alone a
 * document another replica is still reading. The fault suite (issue 18) found
 * such documents stuck for the ten minutes of two analysis time limits.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { corpusPath, startStack, type TestStack } from '@kerf/platform/testing';
import { analysisOf, uploadingUser, type UploadingUser } from './uploading-user';

describe('a document left processing by a process that died', () => {
  let stack: TestStack;
  let db: Client;
  let user: UploadingUser;

  before(async () => {
    stack = await startStack(['identity', 'projects', 'billing', 'documents']);
    db = new Client({ connectionString: stack.databases.documents });
    await db.connect();
    user = await uploadingUser(stack, 'recovery');
  });
  after(async () => {
    await db?.end();
    await stack?.stop();
  });

  const uploadAnalysed = async () => {
    const drawing = 'ezdxf_multi_insert_with_attribs.dxf';
    const { status, json } = await user.upload([[drawing, readFileSync(corpusPath(drawing))]], {
      projectId: user.projectId,
    });
    assert.equal(status, 201, JSON.stringify(json));
    const id = (Array.isArray(json) ? json[0] : json).id as string;
    assert.equal((await analysisOf(user, id)).status, 'analyzed');
    return id;
  };
  /** What a process killed 20 s into reading the document leaves behind. */
  const leftProcessing = (id: string) =>
    db.query(
      `UPDATE documents SET status = 'processing', processing_started_at = now() - interval '20 seconds' WHERE id = $1`,
      [id],
    );
  const statusOf = async (id: string) =>
    (await db.query(`SELECT status FROM documents WHERE id = $1`, [id])).rows[0].status as string;

  it('is analysed again within seconds, not after two analysis time limits', async () => {
    const id = await uploadAnalysed();
    await leftProcessing(id);
    const analysis = await analysisOf(user, id, 30_000);
    assert.equal(analysis.status, 'analyzed');
  });

  it('is left alone while another replica holds its analysis lock', async () => {
    const id = await uploadAnalysed();
    const replica = new Client({ connectionString: stack.databases.documents });
    await replica.connect();
    try {
      await replica.query(`SELECT pg_advisory_lock(hashtextextended('kerf-analysis:' || $1::text, 0))`, [id]);
      await leftProcessing(id);
      await new Promise((r) => setTimeout(r, 4_000)); // the queue looks every second
      assert.equal(await statusOf(id), 'processing');
    } finally {
      await replica.end(); // the replica dies: its lock goes with its connection
    }
    assert.equal((await analysisOf(user, id, 30_000)).status, 'analyzed');
  });
});
