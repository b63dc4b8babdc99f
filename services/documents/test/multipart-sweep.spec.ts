/**
 * A documents process killed mid-upload cannot abort its multipart upload, and
 * S3 keeps (and bills) the parts of an open upload forever; the fault suite
 * (issue 18) found one so left. The service sweeps its own prefixes at start
 * (and periodically): an upload that began longer ago than any upload can take
 * is aborted, a recent one (maybe under way) and other services' are left.
 *
 * s3rver lists no multipart uploads; the S3 proxy of the tests (the fault
 * suite's) answers ListMultipartUploads and AbortMultipartUpload as S3 does,
 * from the uploads that began through it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { ensureBucket } from '@kerf/platform';
import { s3Proxy, startStack, testInfra, type S3Proxy, type TestStack } from '@kerf/platform/testing';
import { UPLOAD_KEY_PREFIXES, abortStaleMultipartUploads } from '../src/uploads/multipart-sweep';

describe('multipart uploads left open', () => {
  let proxy: S3Proxy;
  let s3: S3Client;
  let bucket: string;
  let credentials: { accessKeyId: string; secretAccessKey: string };

  before(async () => {
    const infra = await testInfra();
    assert.ok(infra.s3.endpoint, 'the tests need an S3 endpoint to put the proxy in front of');
    proxy = await s3Proxy(new URL(infra.s3.endpoint));
    bucket = infra.s3.bucket;
    credentials = { accessKeyId: infra.s3.accessKeyId, secretAccessKey: infra.s3.secretAccessKey };
    s3 = new S3Client({ region: infra.s3.region, endpoint: proxy.endpoint, forcePathStyle: true, credentials });
    await ensureBucket(s3, bucket);
  });
  after(() => {
    s3?.destroy();
    proxy?.close();
  });

  /** Begins a multipart upload and writes its first part, as a killed upload leaves it. */
  const begin = async (key: string) => {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const { ETag } = await s3.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.from('part one') }),
    );
    return { UploadId: UploadId!, ETag: ETag! };
  };
  const openKeys = async () =>
    ((await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).map((u) => u.Key);
  /** Waits for the clock to pass `instant`, so that what begins next begins strictly later. */
  const clockPast = async (instant: number) => {
    while (Date.now() <= instant) await new Promise((resolve) => setImmediate(resolve));
  };

  it('aborts the stale uploads under its prefixes and leaves a fresh one and other prefixes alone', async () => {
    const project = randomUUID();
    const staleDocument = `documents/${project}/${randomUUID()}`;
    const staleStaged = `uploads/${randomUUID()}/${randomUUID()}`;
    const othersStale = `estimates/${project}/${randomUUID()}.pdf`;
    await begin(staleDocument);
    await begin(staleStaged);
    await begin(othersStale);
    const cutoff = Date.now();
    await clockPast(cutoff);
    const freshDocument = `documents/${project}/${randomUUID()}`;
    const fresh = await begin(freshDocument);

    const result = await abortStaleMultipartUploads(s3, bucket, UPLOAD_KEY_PREFIXES, new Date(cutoff));

    assert.deepEqual(result.aborted.sort(), [staleDocument, staleStaged].sort());
    const open = await openKeys();
    assert.ok(!open.includes(staleDocument) && !open.includes(staleStaged), `still open: ${open.join(', ')}`);
    assert.ok(open.includes(freshDocument), 'the fresh upload is left');
    assert.ok(open.includes(othersStale), "another service's upload is left");
    // The fresh upload is whole still: it completes.
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: freshDocument,
        UploadId: fresh.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: fresh.ETag }] },
      }),
    );
    assert.ok(!(await openKeys()).includes(freshDocument));
    // A second sweep (another replica's) finds nothing more to abort under the prefixes.
    const again = await abortStaleMultipartUploads(s3, bucket, UPLOAD_KEY_PREFIXES, new Date(cutoff));
    assert.deepEqual(again.aborted, []);
  });

  it('reads every page of a long listing', async () => {
    const prefix = `documents/${randomUUID()}/`;
    const keys = [];
    for (let i = 0; i < 3; i++) keys.push(`${prefix}${i}`);
    for (const key of keys) await begin(key);
    const cutoff = Date.now();
    await clockPast(cutoff);
    // One upload a page: the sweep must follow NextKeyMarker / NextUploadIdMarker.
    const paged = new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, MaxUploads: 1 });
    const firstPage = await s3.send(paged);
    assert.equal(firstPage.IsTruncated, true);
    assert.equal(firstPage.Uploads?.length, 1);
    const originalSend = s3.send.bind(s3);
    const pageSizes: number[] = [];
    const oneAPage = {
      send: async (command: unknown) => {
        if (command instanceof ListMultipartUploadsCommand) {
          command.input.MaxUploads = 1;
          const page = await originalSend(command);
          pageSizes.push(page.Uploads?.length ?? 0);
          return page;
        }
        return originalSend(command as never);
      },
    } as unknown as S3Client;
    const result = await abortStaleMultipartUploads(oneAPage, bucket, [prefix], new Date(cutoff));
    assert.deepEqual(result.aborted.sort(), keys);
    assert.ok(pageSizes.length >= 3, `pages read: ${pageSizes.join(', ')}`);
  });

  describe('the documents service at start', () => {
    let stack: TestStack;
    const stale = `documents/${randomUUID()}/${randomUUID()}`;
    const othersStale = `estimates/${randomUUID()}/${randomUUID()}.pdf`;

    before(async () => {
      await begin(stale);
      await begin(othersStale);
      const begun = Date.now();
      // Older than the service's limit (1 s here) before it starts.
      await clockPast(begun + 1_000);
      stack = await startStack(['documents'], {
        documents: { S3_ENDPOINT: proxy.endpoint, MULTIPART_UPLOAD_MAX_AGE_MS: '1000' },
      });
    });
    after(async () => {
      await stack?.stop();
    });

    it('has aborted the upload a killed process left open before it serves', async () => {
      // The sweep at start runs before "serving gRPC", which startStack waited for.
      const open = await openKeys();
      assert.ok(!open.includes(stale), `still open: ${open.join(', ')}`);
      assert.ok(open.includes(othersStale), "another service's upload is left");
      assert.match(stack.services.documents!.output, /aborted \d+ multipart upload\(s\) left open: .*/);
      // s3rver has no lifecycle rules: the service started all the same.
      assert.doesNotMatch(stack.services.documents!.output, /bucket rule aborting multipart uploads left open failed/);
    });
  });
});
