/** A user of a test stack who uploads documents as the browser does, and waits for their analyses. */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { createProject, signUp, startTrial, type TestStack } from '@kerf/platform/testing';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies read loosely, as a test does
export type Json = any;

// Compiled to services/documents/dist/test/: the committed fixtures stay in test/fixtures.
const FIXTURES = resolve(__dirname, '../../test/fixtures');

export const fixturePath = (name: string) => resolve(FIXTURES, name);

export type UploadingUser = Awaited<ReturnType<typeof uploadingUser>>;

/** A user on a trial with one project, uploading as the browser does (multipart). */
export async function uploadingUser(stack: TestStack, label = 'docs') {
  const user = await signUp(stack.gatewayUrl, label);
  await startTrial(user);
  const projectId = await createProject(user, 'Takeoff');
  const upload = async (files: Array<[string, Buffer]>, fields: Record<string, string>, path = '/api/documents') => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, bytes] of files) form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const reply = await fetch(`${stack.gatewayUrl}${path}`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: form,
    });
    return { status: reply.status, json: (await reply.json()) as Json };
  };
  return { id: user.id, cookie: user.cookie, gatewayUrl: stack.gatewayUrl, call: user.json, upload, projectId };
}

/** The analysis once it is no longer pending or processing. */
export async function analysisOf(user: UploadingUser, id: string, timeoutMs = 60_000): Promise<Json> {
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const { json } = await user.call('GET', `/api/documents/${id}/analysis`);
    if (json.status === 'analyzed' || json.status === 'failed') return json;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the analysis of ${id} never finished`);
}
