import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { GrpcStatus, errorBodyFromGrpc, httpStatusForGrpc, parseRequest } from './errors';
import { retryDelayMs } from '../events/event-consumer';

describe('gRPC → HTTP error mapping', () => {
  const cases: Array<[number, string | undefined, number]> = [
    [GrpcStatus.INVALID_ARGUMENT, undefined, 400],
    [GrpcStatus.UNAUTHENTICATED, undefined, 401],
    [GrpcStatus.FAILED_PRECONDITION, 'FREE_PLAN_LIMIT_EXCEEDED', 402],
    [GrpcStatus.PERMISSION_DENIED, 'TRIAL_REQUIRED', 403],
    [GrpcStatus.NOT_FOUND, undefined, 404],
    [GrpcStatus.ALREADY_EXISTS, undefined, 409],
    [GrpcStatus.RESOURCE_EXHAUSTED, 'PAYLOAD_TOO_LARGE', 413],
    [GrpcStatus.RESOURCE_EXHAUSTED, undefined, 429],
    [GrpcStatus.UNAVAILABLE, undefined, 503],
    [GrpcStatus.INTERNAL, undefined, 500],
  ];
  for (const [code, bodyCode, http] of cases) {
    it(`maps ${GrpcStatus[code]}${bodyCode ? ` (${bodyCode})` : ''} to ${http}`, () => {
      assert.equal(httpStatusForGrpc(code, { message: 'x', ...(bodyCode ? { code: bodyCode } : {}) }), http);
    });
  }

  it('passes a service message through and hides anything else', () => {
    assert.deepEqual(
      errorBodyFromGrpc({ code: 3, details: '{"message":"Name is required","errors":{"name":"Name is required"}}' }),
      {
        message: 'Name is required',
        errors: { name: 'Name is required' },
      },
    );
    assert.match(
      errorBodyFromGrpc({ code: 13, details: 'TypeError: x is undefined at foo.js:1' }).message,
      /Something went wrong/,
    );
    assert.match(errorBodyFromGrpc({ code: 14, details: 'connect ECONNREFUSED' }).message, /temporarily unavailable/);
  });

  it('names every invalid field once', () => {
    const schema = z.object({
      name: z.string().min(1, 'Project name is required'),
      size: z.number('Size must be a number'),
    });
    assert.throws(
      () => parseRequest(schema, { name: '', size: 'big' }),
      (error: { error: { code: number; message: string } }) => {
        const body = JSON.parse(error.error.message);
        assert.equal(error.error.code, GrpcStatus.INVALID_ARGUMENT);
        assert.deepEqual(body.errors, { name: 'Project name is required', size: 'Size must be a number' });
        return true;
      },
    );
  });
});

describe('event retries', () => {
  it('backs off 1 s, 2 s, 4 s … and never beyond 30 s', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs), [1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
