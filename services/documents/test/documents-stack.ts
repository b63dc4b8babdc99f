/**
 * The stack the upload specs run against: identity, projects, billing and documents
 * behind the gateway, with the documents database and its S3 bucket open to the
 * test, to count what a request left behind.
 */
import { Client } from 'pg';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startStack, type TestStack } from '@kerf/platform/testing';

export interface DocumentsStack {
  stack: TestStack;
  /** The documents service's own database. */
  db: Client;
  s3: S3Client;
  bucket: string;
  /** How many rows `SELECT count(*)::int AS n …` counts. */
  count(sql: string): Promise<number>;
  /** How many objects the bucket holds under a prefix ('documents/', 'uploads/'). */
  objects(prefix: string): Promise<number>;
  stop(): Promise<void>;
}

export async function documentsStack(documentsEnv: Record<string, string> = {}): Promise<DocumentsStack> {
  const stack = await startStack(['identity', 'projects', 'billing', 'documents'], { documents: documentsEnv });
  const db = new Client({ connectionString: stack.databases.documents });
  await db.connect();
  const env = stack.services.documents!.env;
  const bucket = env.S3_BUCKET!;
  const s3 = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  });
  return {
    stack,
    db,
    s3,
    bucket,
    count: async (sql) => (await db.query(sql)).rows[0].n as number,
    objects: async (prefix) =>
      (await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).KeyCount ?? 0,
    stop: async () => {
      s3.destroy();
      await db.end();
      await stack.stop();
    },
  };
}
