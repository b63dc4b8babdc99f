import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';

/** A multipart upload begun through the proxy and neither completed nor aborted. */
export interface OpenMultipartUpload {
  bucket: string;
  key: string;
  uploadId: string;
  initiated: Date;
}

export interface S3Proxy {
  port: number;
  endpoint: string;
  stats: { failedWrites: number; resets: number; begun: number; completed: number; aborted: number };
  /** `/bucket/key` of every multipart upload left open: parts S3 keeps (and bills) until someone aborts them. */
  openMultipart(): string[];
  openMultipartUploads(): OpenMultipartUpload[];
  /**
   * From now on object writes (PutObject, UploadPart) fail, half with 500 InternalError, half with a reset;
   * only those of keys `only` accepts, when given.
   */
  fail(only?: (key: string) => boolean): void;
  heal(): void;
  /**
   * From now on object writes of keys `only` accepts are held, not forwarded, until `release()`: a write
   * still under way (a slow network, a retry) when another has already failed.
   */
  hold(only: (key: string) => boolean): void;
  /** Forwards the writes held so far and holds no more; answers how many there were, once S3 answered them. */
  release(): Promise<number>;
  close(): void;
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function s3Error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`,
  );
}

/** `/bucket/some/key` (path-style addressing) as bucket and decoded key. */
function bucketAndKey(pathname: string): { bucket: string; key: string } {
  const [, bucket = '', ...rest] = pathname.split('/');
  return { bucket: decodeURIComponent(bucket), key: decodeURIComponent(rest.join('/')) };
}

/**
 * ListMultipartUploads as S3 answers it (ListMultipartUploadsResult): the
 * bucket's open uploads under `prefix`, ordered by key and then by when they
 * began, after `key-marker`/`upload-id-marker`, at most `max-uploads` (1000)
 * a page with IsTruncated and the next markers.
 */
function listMultipartUploads(bucket: string, query: URLSearchParams, open: OpenMultipartUpload[]): string {
  const prefix = query.get('prefix') ?? '';
  const keyMarker = query.get('key-marker') ?? '';
  const uploadIdMarker = query.get('upload-id-marker') ?? '';
  const maxUploads = Math.min(Math.max(Number(query.get('max-uploads') ?? 1000) || 1000, 1), 1000);
  const urlEncoded = query.get('encoding-type') === 'url';
  const sorted = open
    .filter((u) => u.bucket === bucket && u.key.startsWith(prefix))
    .sort((a, b) => (a.key === b.key ? a.initiated.getTime() - b.initiated.getTime() : a.key < b.key ? -1 : 1));
  let start = 0;
  if (keyMarker) {
    // After the marker's key; with an upload id marker, the same key's uploads that began after that upload too.
    const markerUpload = uploadIdMarker ? sorted.findIndex((u) => u.uploadId === uploadIdMarker) : -1;
    start = markerUpload >= 0 ? markerUpload + 1 : sorted.findIndex((u) => u.key > keyMarker);
    if (start < 0) start = sorted.length;
  }
  const page = sorted.slice(start, start + maxUploads);
  const truncated = start + maxUploads < sorted.length;
  const last = page.at(-1);
  const text = (value: string) => xmlEscape(urlEncoded ? encodeURIComponent(value) : value);
  const owner = '<ID>kerf-test</ID><DisplayName>kerf-test</DisplayName>';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
    `<Bucket>${xmlEscape(bucket)}</Bucket>`,
    `<KeyMarker>${text(keyMarker)}</KeyMarker>`,
    `<UploadIdMarker>${xmlEscape(uploadIdMarker)}</UploadIdMarker>`,
    truncated && last ? `<NextKeyMarker>${text(last.key)}</NextKeyMarker>` : '',
    truncated && last ? `<NextUploadIdMarker>${xmlEscape(last.uploadId)}</NextUploadIdMarker>` : '',
    `<Prefix>${text(prefix)}</Prefix>`,
    urlEncoded ? '<EncodingType>url</EncodingType>' : '',
    `<MaxUploads>${maxUploads}</MaxUploads>`,
    `<IsTruncated>${truncated}</IsTruncated>`,
    ...page.map(
      (u) =>
        `<Upload><Key>${text(u.key)}</Key><UploadId>${xmlEscape(u.uploadId)}</UploadId>` +
        `<Initiator>${owner}</Initiator><Owner>${owner}</Owner><StorageClass>STANDARD</StorageClass>` +
        `<Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
    ),
    '</ListMultipartUploadsResult>',
  ].join('');
}

/**
 * An HTTP proxy in front of an S3 endpoint (path-style), for tests and the
 * fault suite. It keeps the multipart uploads begun through it and answers
 * what s3rver does not implement from them, as S3 does:
 * ListMultipartUploads, AbortMultipartUpload, and NoSuchUpload for a part or
 * a completion of an upload that is not open. While `fail()`ing, object
 * writes are answered 500 InternalError or have their connection reset
 * mid-body, as a real S3 does under trouble.
 */
export async function s3Proxy(target: URL): Promise<S3Proxy> {
  const open = new Map<string, OpenMultipartUpload>();
  const stats = { failedWrites: 0, resets: 0, begun: 0, completed: 0, aborted: 0 };
  let failing: false | ((key: string) => boolean) = false;
  let holding: false | ((key: string) => boolean) = false;
  const held: (() => Promise<void>)[] = [];
  let toggle = 0;

  const failWrite = (req: IncomingMessage, res: ServerResponse) => {
    stats.failedWrites++;
    // Half the failures an error answer, half a connection reset mid-body.
    if (toggle++ % 2 === 0) {
      req.resume();
      req.on('end', () => s3Error(res, 500, 'InternalError', 'We encountered an internal error. Please try again.'));
    } else {
      stats.resets++;
      req.once('data', () => req.socket.destroy());
      req.on('end', () => req.socket.destroy());
    }
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const { bucket, key } = bucketAndKey(url.pathname);
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'GET' && url.searchParams.has('uploads') && !key) {
      req.resume();
      if (url.searchParams.get('delimiter'))
        return s3Error(res, 501, 'NotImplemented', 'This proxy lists multipart uploads without a delimiter.');
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(listMultipartUploads(bucket, url.searchParams, [...open.values()]));
      return;
    }
    if (uploadId && open.get(uploadId)?.key !== key) {
      req.resume();
      return s3Error(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
    }
    if (req.method === 'DELETE' && uploadId) {
      open.delete(uploadId);
      stats.aborted++;
      req.resume();
      res.writeHead(204).end();
      return;
    }
    const isWrite = req.method === 'PUT' && !req.headers['x-amz-copy-source'];
    if (failing && isWrite && failing(key)) return failWrite(req, res);
    if (holding && isWrite && holding(key)) {
      req.pause();
      held.push(() => forward(req, res, url, bucket, key, uploadId));
      return;
    }
    void forward(req, res, url, bucket, key, uploadId);
  });

  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    bucket: string,
    key: string,
    uploadId: string | null,
  ): Promise<void> {
    const answered = new Promise<void>((resolve) => res.once('close', resolve));
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (req.method === 'POST' && url.searchParams.has('uploads') && answer.statusCode === 200) {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            const id = /<UploadId>([^<]+)<\/UploadId>/.exec(body.toString())?.[1];
            if (id) {
              open.set(id, { bucket, key, uploadId: id, initiated: new Date() });
              stats.begun++;
            }
            res.writeHead(answer.statusCode!, answer.headers);
            res.end(body);
          });
          return;
        }
        if (req.method === 'POST' && uploadId && answer.statusCode === 200 && open.delete(uploadId)) stats.completed++;
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
    return answered;
  }
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  return {
    port,
    endpoint: `http://127.0.0.1:${port}`,
    stats,
    openMultipart: () => [...open.values()].map((u) => `/${u.bucket}/${u.key}`),
    openMultipartUploads: () => [...open.values()],
    fail(only = () => true) {
      failing = only;
    },
    heal() {
      failing = false;
    },
    hold(only) {
      holding = only;
    },
    async release() {
      holding = false;
      return (await Promise.all(held.splice(0).map((write) => write()))).length;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
