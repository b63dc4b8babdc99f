import type { Readable } from 'node:stream';
import { BadRequestException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Document, StagedUpload } from '@kerf/contracts/generated/kerf/documents';
import type { Documents } from '../services/service-clients.module';
import { streamUpload } from './upload-stream';

/** SPEC §7: uploads abort after 15 minutes. */
const UPLOAD_DEADLINE_MS = 15 * 60 * 1000;
/** The most a refused upload's body is read on for (main.ts's multipart limits: a file of 1 GB and the form around it). */
const REFUSED_BODY_LIMIT_BYTES = 1024 * 1024 * 1024 + 1024 * 1024;

/**
 * Reads the rest of a refused upload's body and throws it away, so that the
 * client, still sending, gets to read the answer: a connection closed under
 * a client with unread data is reset, and a client that had not read the
 * answer yet (a busy process, or one that reads only once its body is sent)
 * gets EPIPE/ECONNRESET instead (the fault suite saw fetch fail so).
 * Beyond the upload limits (size, or the 15 minutes an upload may take) the
 * connection is closed after all. Once the body ends, the connection serves
 * the client's next request as usual.
 */
function discardRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe(); // away from the multipart parser: nothing more of this body is looked at
  let bytes = 0;
  const close = () => raw.socket?.destroy();
  const timer = setTimeout(close, UPLOAD_DEADLINE_MS);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > REFUSED_BODY_LIMIT_BYTES) close();
  });
  raw.once('close', () => clearTimeout(timer));
  // A client that asked for the connection to close after this request: Node closes the socket as soon as the
  // answer is written (destroySoon), under the body still coming. Half-close instead (the answer and our end
  // of the connection go out) and close once the body has been read.
  const socket = raw.socket;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (raw.readableEnded) return destroySoon();
    if (socket.writable) socket.end();
    raw.once('end', destroySoon);
  };
  raw.resume();
}

const PROJECT_REQUIRED =
  'Project ID is required: send projectId as a form field or in the address (/api/documents?projectId=…).';

/**
 * Reads a multipart upload part by part, streaming each file on to the
 * documents service as it arrives (never held in memory), where it is stored
 * and checked but only staged. Once the body is read, the batch is committed
 * to its project in one go: all of it becomes documents, or, when any file is
 * refused or the project is wrong, none does and every staged file (its
 * stored object too) is removed before the answer goes back.
 *
 * The project may come from the path (the older route), a `projectId` field
 * before or after the files, or `?projectId=` in the query string. A file
 * that arrives before the project is staged under its user and bound at commit.
 */
export async function receiveUploadBatch(
  documents: Documents,
  request: FastifyRequest,
  options: { pathProjectId?: string },
): Promise<Document[]> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const queryProjectId = typeof query.projectId === 'string' && query.projectId ? query.projectId : undefined;
  const fields: Record<string, string> = {};
  const staged: StagedUpload[] = [];
  let bodyRead = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const knownProjectId = options.pathProjectId ?? fields.projectId ?? queryProjectId ?? '';
      staged.push(
        await streamUpload(
          documents,
          { projectId: knownProjectId, filename: part.filename, documentType: '' },
          part.file as Readable,
          UPLOAD_DEADLINE_MS,
          'stageUpload',
        ),
      );
    }
    bodyRead = true;
    if (!options.pathProjectId && fields.projectId && queryProjectId && fields.projectId !== queryProjectId)
      throw new BadRequestException({ message: 'The projectId in the address and in the form differ: send one.' });
    const projectId = options.pathProjectId ?? fields.projectId ?? queryProjectId;
    if (staged.length === 0) throw new BadRequestException({ message: 'No file was sent: add at least one file.' });
    if (!projectId) throw new BadRequestException({ message: PROJECT_REQUIRED });
    const committed = await documents.commitUploads({
      projectId,
      documentType: fields.documentType || 'project',
      ids: staged.map((file) => file.id),
    });
    return committed.documents ?? [];
  } catch (error) {
    // Nothing of a refused batch is kept. (Should this fail too, documents sweeps staged files later.)
    if (staged.length) await documents.discardUploads({ ids: staged.map((file) => file.id) }).catch(() => undefined);
    // The answer goes back now; the rest of the body is read and dropped meanwhile.
    if (!bodyRead) discardRestOfBody(request);
    throw error;
  }
}
