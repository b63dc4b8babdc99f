import { GrpcStatus, RpcErrors, errorBodyFromGrpc, isGrpcError, rpcError } from '@kerf/platform';

/** Passes another service's answer on as this service's: NOT_FOUND stays NOT_FOUND, outages become UNAVAILABLE. */
export async function upstream<T>(call: Promise<T>, what: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isGrpcError(error)) throw error;
    if (error.code === GrpcStatus.NOT_FOUND) throw RpcErrors.notFound(errorBodyFromGrpc(error).message);
    if (
      error.code === GrpcStatus.UNAVAILABLE ||
      error.code === GrpcStatus.DEADLINE_EXCEEDED ||
      error.code === GrpcStatus.UNIMPLEMENTED
    ) {
      throw RpcErrors.unavailable(`The ${what} service is temporarily unavailable. Please try again in a moment.`);
    }
    throw rpcError(error.code, errorBodyFromGrpc(error));
  }
}
