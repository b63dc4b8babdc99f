import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcException } from '@nestjs/microservices';
import type { z } from 'zod';

/** The one error shape that leaves the gateway (docs/design.md). */
export interface ApiErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string>;
  [extra: string]: unknown;
}

/**
 * An error a service answers with on purpose: a gRPC status and a message a
 * person understands. The body travels JSON-encoded in the status details.
 */
export function rpcError(code: GrpcStatus, body: ApiErrorBody | string): RpcException {
  const payload: ApiErrorBody = typeof body === 'string' ? { message: body } : body;
  return new RpcException({ code, message: JSON.stringify(payload) });
}

export const RpcErrors = {
  invalid: (message: string, errors?: Record<string, string>) =>
    rpcError(GrpcStatus.INVALID_ARGUMENT, { message, ...(errors ? { errors } : {}) }),
  unauthenticated: (message = 'Not authenticated') => rpcError(GrpcStatus.UNAUTHENTICATED, message),
  forbidden: (message: string, code?: string) =>
    rpcError(GrpcStatus.PERMISSION_DENIED, { message, ...(code ? { code } : {}) }),
  notFound: (message: string) => rpcError(GrpcStatus.NOT_FOUND, message),
  conflict: (message: string, code?: string) =>
    rpcError(GrpcStatus.ALREADY_EXISTS, { message, ...(code ? { code } : {}) }),
  precondition: (body: ApiErrorBody) => rpcError(GrpcStatus.FAILED_PRECONDITION, body),
  tooMany: (body: ApiErrorBody) => rpcError(GrpcStatus.RESOURCE_EXHAUSTED, body),
  unavailable: (message: string) => rpcError(GrpcStatus.UNAVAILABLE, message),
};

/** Validates a request message; a failure is INVALID_ARGUMENT naming each field. */
export function parseRequest<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'request';
    errors[field] ??= issue.message;
  }
  throw RpcErrors.invalid(Object.values(errors)[0] ?? 'Invalid request', errors);
}

/** gRPC status → HTTP status, as docs/design.md maps them. */
export function httpStatusForGrpc(code: number, body: ApiErrorBody): number {
  switch (code) {
    case GrpcStatus.INVALID_ARGUMENT:
      return 400;
    case GrpcStatus.UNAUTHENTICATED:
      return 401;
    case GrpcStatus.FAILED_PRECONDITION:
      return body.code === 'FREE_PLAN_LIMIT_EXCEEDED' || body.code === 'CARD_DECLINED' ? 402 : 412;
    case GrpcStatus.PERMISSION_DENIED:
      return 403;
    case GrpcStatus.NOT_FOUND:
      return 404;
    case GrpcStatus.ALREADY_EXISTS:
      return 409;
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return body.code === 'PAYLOAD_TOO_LARGE' ? 413 : 429;
    case GrpcStatus.UNAVAILABLE:
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 503;
    default:
      return 500;
  }
}

/** Reads the body a service put in a gRPC error's details; anything else gets a generic message. */
export function errorBodyFromGrpc(error: { code?: number; details?: string }): ApiErrorBody {
  if (error.details?.startsWith('{')) {
    try {
      const parsed = JSON.parse(error.details) as ApiErrorBody;
      if (typeof parsed.message === 'string') return parsed;
    } catch {
      // fall through to the generic messages
    }
  }
  if (error.code === GrpcStatus.UNAVAILABLE || error.code === GrpcStatus.DEADLINE_EXCEEDED) {
    return { message: 'The service is temporarily unavailable. Please try again in a moment.' };
  }
  return { message: 'Something went wrong on our side. Please try again.' };
}

export function isGrpcError(error: unknown): error is { code: number; details?: string } {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number';
}

export { GrpcStatus };
