/** A user of a test stack with a project holding one analysed corpus drawing, uploaded as the browser does. */
import { readFileSync } from 'node:fs';
import {
  CORPUS_DIR,
  corpusPath,
  createProject,
  signUp,
  startTrial,
  type LooseJson,
  type TestStack,
  type TestUser,
} from '@kerf/platform/testing';

export const CORPUS = CORPUS_DIR;

/** Uploads a corpus drawing into the project and waits until its analysis is done; answers the document's id. */
export function uploadDrawing(stack: TestStack, user: TestUser, projectId: string, drawing: string) {
  return uploadFile(stack, user, projectId, drawing, readFileSync(corpusPath(drawing)));
}

/** Uploads a file into the project and waits until its analysis is done; answers the document's id. */
export async function uploadFile(
  stack: TestStack,
  user: TestUser,
  projectId: string,
  filename: string,
  bytes: Uint8Array,
) {
  const form = new FormData();
  form.append('projectId', projectId);
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const upload = await fetch(`${stack.gatewayUrl}/api/documents`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  const document = (await upload.json()) as LooseJson;
  for (let i = 0; i < 600; i++) {
    const { json } = await user.json('GET', `/api/documents/${document.id}/analysis`);
    if (json.status === 'analyzed' || json.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return document.id as string;
}

export async function userWithDrawing(
  stack: TestStack,
  label: string,
  drawing = 'ezdxf_multi_insert_with_attribs.dxf',
) {
  const user = await signUp(stack.gatewayUrl, label);
  await startTrial(user);
  const projectId = await createProject(user, 'Takeoff');
  const documentId = await uploadDrawing(stack, user, projectId, drawing);
  return { user, projectId, documentId };
}
