import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { type ApiErrorBody, errorBodyFromGrpc, httpStatusForGrpc, isGrpcError } from '@kerf/platform/edge';
import { serveSpa } from './spa';

/**
 * The one error shape that leaves the gateway: { message, code?, errors? }.
 * gRPC statuses map to HTTP as docs/design.md says; anything unexpected is logged
 * and answered 500 with a generic message and the request id, never a stack.
 * An unknown GET outside /api/ is the single-page app's to answer.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    private readonly staticDir: string | undefined,
  ) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();

    if (exception instanceof NotFoundException && this.staticDir && serveSpa(request, reply, this.staticDir)) return;

    let status: number;
    let body: ApiErrorBody;
    if (isGrpcError(exception)) {
      body = errorBodyFromGrpc(exception);
      status = httpStatusForGrpc(exception.code, body);
      if (status >= 500) this.logger.warn({ err: exception, requestId: request.id }, 'service call failed');
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const response = exception.getResponse();
      body =
        typeof response === 'object' && response !== null && typeof (response as ApiErrorBody).message === 'string'
          ? { message: (response as ApiErrorBody).message, ...pick(response as ApiErrorBody) }
          : { message: exception.message };
      if (exception instanceof NotFoundException) body = { message: 'Not found' };
      if (status === 413) body = { message: 'The request is too large.' };
    } else if (isFastifyError(exception)) {
      status = exception.statusCode;
      body = { message: friendlyFastifyMessage(exception) };
    } else {
      status = 500;
      this.logger.error({ err: exception, requestId: request.id }, 'unhandled error');
      body = { message: `Something went wrong on our side. Please try again. (request ${request.id})` };
    }
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}

function pick(body: ApiErrorBody): Partial<ApiErrorBody> {
  return {
    ...(body.code ? { code: body.code } : {}),
    ...(body.errors ? { errors: body.errors } : {}),
  };
}

function isFastifyError(error: unknown): error is { statusCode: number; code?: string; message: string } {
  return (
    typeof error === 'object' && error !== null && typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}

function friendlyFastifyMessage(error: { statusCode: number; code?: string; message: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.statusCode < 500
        ? 'The request could not be read.'
        : 'Something went wrong on our side. Please try again.';
  }
}
