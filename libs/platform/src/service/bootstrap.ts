import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { HEALTH_PROTO_FILE, SERVICES, type ServiceName } from '@kerf/contracts';
import { ConfigError, loadConfig, serviceConfigSchema } from '../config/config';
import { createLogger } from '../logging/logger';
import { PinoNestLogger } from '../logging/nest-logger';
import { configureFailpoints } from '../events/failpoints';
import { RpcContextInterceptor } from '../grpc/rpc-context.interceptor';
import { AllRpcExceptionsFilter } from '../grpc/rpc-exception.filter';
import { HealthChecks } from '../health/health-checks';
import { GRPC_COMMON_OPTIONS, PROTO_LOADER_OPTIONS } from '../grpc/options';

/**
 * Starts a service: validates its environment (one line naming a bad variable,
 * then exit 1), opens its database and NATS, and serves gRPC. SIGTERM/SIGINT:
 * readiness goes down, in-flight calls finish, the consumer stops after the
 * event in hand, the outbox is flushed, connections close.
 */
export async function bootstrapService(service: ServiceName, appModule: () => Promise<unknown>): Promise<void> {
  let config;
  try {
    config = loadConfig(serviceConfigSchema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`kerf ${service}: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  configureFailpoints(config.KERF_FAILPOINTS, config.NODE_ENV);
  const logger = createLogger(service, config.LOG_LEVEL);
  const contract = SERVICES[service];
  try {
    const module = await appModule();
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(module as never, {
      transport: Transport.GRPC,
      options: {
        url: `${config.GRPC_HOST}:${config.GRPC_PORT}`,
        package: [contract.protoPackage, 'grpc.health.v1'],
        protoPath: [contract.protoFile, HEALTH_PROTO_FILE],
        loader: PROTO_LOADER_OPTIONS,
        // close() lets in-flight calls finish (tryShutdown) instead of cutting them off.
        gracefulShutdown: true,
        channelOptions: { ...GRPC_COMMON_OPTIONS },
      },
      logger: new PinoNestLogger(logger),
    });
    app.useGlobalInterceptors(new RpcContextInterceptor());
    app.useGlobalFilters(new AllRpcExceptionsFilter(logger));
    await app.listen();
    logger.info({ port: config.GRPC_PORT }, `${service} serving gRPC`);

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, `${service} shutting down`);
      app.get(HealthChecks).markShuttingDown();
      const force = setTimeout(() => {
        logger.error(`${service} did not stop within 15 s; exiting`);
        process.exit(1);
      }, 15_000);
      // In order: the gRPC server finishes in-flight calls, the consumers finish the
      // event in hand, the outbox is flushed, then NATS and Postgres close.
      await app.close();
      clearTimeout(force);
      logger.info(`${service} stopped`);
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  } catch (error) {
    logger.fatal({ err: error }, `${service} failed to start`);
    process.exit(1);
  }
}
