import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { Metadata } from '@grpc/grpc-js';
import pino from 'pino';
import { Client } from 'pg';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { QueryFailedError } from 'typeorm';
import { lastValueFrom } from 'rxjs';
import { GrpcStatus } from './errors';
import { AllRpcExceptionsFilter } from './rpc-exception.filter';

const filter = new AllRpcExceptionsFilter(pino({ level: 'silent' }));

async function answered(exception: unknown): Promise<{ code: number; message: string }> {
  try {
    await lastValueFrom(filter.catch(exception));
  } catch (error) {
    return error as { code: number; message: string };
  }
  throw new Error('the filter answered no error');
}

/** The error pg gives when Postgres drops the connection (a listener that accepts, then hangs up). */
async function droppedConnectionError(): Promise<Error> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  try {
    await client.connect();
    throw new Error('connected to a server that hangs up');
  } catch (error) {
    return error as Error;
  } finally {
    server.close();
  }
}

describe('gRPC handler errors while a dependency is down (issue 18 fault suite)', () => {
  it('answers UNAVAILABLE (503) when Postgres dropped the connection, bare or wrapped by TypeORM', async () => {
    const dropped = await droppedConnectionError();
    for (const exception of [dropped, new QueryFailedError('SELECT 1', [], dropped)]) {
      const { code, message } = await answered(exception);
      assert.equal(code, GrpcStatus.UNAVAILABLE);
      assert.match(JSON.parse(message).message, /temporarily unavailable/);
    }
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    assert.equal((await answered(new QueryFailedError('SELECT 1', [], shutdown))).code, GrpcStatus.UNAVAILABLE);
  });

  it('answers UNAVAILABLE when S3 fails a write with 500 after the SDK retried it', async () => {
    const server = createServer((socket) =>
      socket.end(
        'HTTP/1.1 500 Internal Server Error\r\ncontent-type: application/xml\r\nconnection: close\r\n\r\n' +
          '<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>',
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const s3 = new S3Client({
      endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      maxAttempts: 1,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    const failed = await s3.send(new PutObjectCommand({ Bucket: 'b', Key: 'k', Body: 'x' })).catch((e: unknown) => e);
    server.close();
    assert.equal((await answered(failed)).code, GrpcStatus.UNAVAILABLE);
  });

  it('answers UNAVAILABLE when a peer service does not answer, and INTERNAL for a fault of its own', async () => {
    const peerDown = Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
      code: GrpcStatus.UNAVAILABLE,
      details: 'No connection established',
      metadata: new Metadata(),
    });
    assert.equal((await answered(peerDown)).code, GrpcStatus.UNAVAILABLE);
    const bug = await answered(new TypeError("Cannot read properties of undefined (reading 'id')"));
    assert.equal(bug.code, GrpcStatus.INTERNAL);
    const constraint = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    assert.equal((await answered(new QueryFailedError('INSERT', [], constraint))).code, GrpcStatus.INTERNAL);
  });
});
