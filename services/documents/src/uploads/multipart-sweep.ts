import {
  AbortMultipartUploadCommand,
  GetBucketLifecycleConfigurationCommand,
  ListMultipartUploadsCommand,
  PutBucketLifecycleConfigurationCommand,
  type LifecycleRule,
  type S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where this service writes objects: a document's file under its project, a
 * staged file (project not known yet) under its user. Only these prefixes are
 * swept: the bucket is shared with other services (estimates).
 */
export const UPLOAD_KEY_PREFIXES = ['documents/', 'uploads/'];

/**
 * Days after which S3 itself aborts a multipart upload left open, where the
 * bucket takes lifecycle rules: a day is the smallest the rule allows, and far
 * beyond the longest an upload can take (see MULTIPART_UPLOAD_MAX_AGE_MS).
 */
export const ABORT_INCOMPLETE_AFTER_DAYS = 1;

/** Whether an S3 error says the call is not implemented there (s3rver: lifecycle rules, listing uploads). */
export const isNotImplemented = (error: unknown) => (error as { name?: string }).name === 'NotImplemented';

export interface MultipartSweepResult {
  /** `key` of every upload aborted. */
  aborted: string[];
  /** Uploads under the prefixes that began at or after the cutoff, left alone (may still be under way). */
  kept: number;
}

/**
 * Aborts the multipart uploads under `prefixes` that S3 says began before
 * `initiatedBefore`. A process killed mid-upload cannot abort its own, and S3
 * keeps (and bills) the parts of an open upload forever; one that began
 * longer ago than any upload can take has nobody left to complete it. An
 * upload another sweep aborted meanwhile (NoSuchUpload) counts as gone.
 */
export async function abortStaleMultipartUploads(
  s3: S3Client,
  bucket: string,
  prefixes: readonly string[],
  initiatedBefore: Date,
): Promise<MultipartSweepResult> {
  const result: MultipartSweepResult = { aborted: [], kept: 0 };
  for (const prefix of prefixes) {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await s3.send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          Prefix: prefix,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated) continue;
        if (upload.Initiated.getTime() >= initiatedBefore.getTime()) {
          result.kept++;
          continue;
        }
        await s3
          .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }))
          .catch((error: unknown) => {
            if ((error as { name?: string }).name !== 'NoSuchUpload') throw error;
          });
        result.aborted.push(upload.Key);
      }
      if (!page.IsTruncated) break;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }
  return result;
}

/**
 * Sets the bucket's lifecycle rule that has S3 abort uploads under each
 * prefix left open for ABORT_INCOMPLETE_AFTER_DAYS, keeping the bucket's
 * other rules (the configuration is replaced as a whole). Answers 'present'
 * when the rules are there already, 'unsupported' when the S3 has no
 * lifecycle (s3rver): the sweep covers those. Other failures (no permission
 * to change the bucket, for one) are the caller's to tolerate.
 */
export async function ensureAbortIncompleteRule(
  s3: S3Client,
  bucket: string,
  prefixes: readonly string[],
): Promise<'set' | 'present' | 'unsupported'> {
  let rules: LifecycleRule[];
  try {
    rules = (await s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket }))).Rules ?? [];
  } catch (error) {
    if (isNotImplemented(error)) return 'unsupported';
    if ((error as { name?: string }).name !== 'NoSuchLifecycleConfiguration') throw error;
    rules = [];
  }
  const wanted: LifecycleRule[] = prefixes.map((prefix) => ({
    ID: `kerf-documents-abort-incomplete-uploads-${prefix.replace(/\/$/, '')}`,
    Status: 'Enabled',
    Filter: { Prefix: prefix },
    AbortIncompleteMultipartUpload: { DaysAfterInitiation: ABORT_INCOMPLETE_AFTER_DAYS },
  }));
  const ids = new Set(wanted.map((rule) => rule.ID));
  const present = rules.filter((rule) => ids.has(rule.ID));
  if (
    present.length === wanted.length &&
    present.every(
      (rule) =>
        rule.Status === 'Enabled' &&
        rule.AbortIncompleteMultipartUpload?.DaysAfterInitiation === ABORT_INCOMPLETE_AFTER_DAYS,
    )
  )
    return 'present';
  try {
    await s3.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: bucket,
        LifecycleConfiguration: { Rules: [...rules.filter((rule) => !ids.has(rule.ID)), ...wanted] },
      }),
    );
  } catch (error) {
    if (isNotImplemented(error)) return 'unsupported';
    throw error;
  }
  return 'set';
}
