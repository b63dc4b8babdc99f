import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource, EntitySchema, MixedList } from 'typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import type { ServiceName } from '@kerf/contracts';
import { loadConfig, s3ConfigSchema, serviceConfigSchema, type S3Config, type ServiceConfig } from '../config/config';
import { createServiceDataSource, openServiceDatabase } from '../database/data-source';
import { createLogger } from '../logging/logger';
import { connectNats, ensureStreams } from '../events/nats';
import { EventOutbox } from '../events/event-outbox';
import { OutboxRelay } from '../events/outbox-relay';
import { EventConsumer, type EventHandler } from '../events/event-consumer';
import { HealthChecks } from '../health/health-checks';
import { GrpcHealthController } from '../health/health.grpc.controller';
import { statusControllerFor } from '../health/status.grpc.controller';
import { createS3Client, ensureBucket } from '../storage/s3';
import { Entitlement } from '../entitlements/entitlement.entity';
import { Entitlements } from '../entitlements/entitlements';
import { OnSubscriptionChangedHandler } from '../entitlements/on-subscription-changed.handler';
import { LOGGER, NATS_CONNECTION, S3_CLIENT, S3_CONFIG, SERVICE_CONFIG } from './tokens';

export interface ServicePlatformOptions {
  service: ServiceName;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: Function[];
  /** Event handler classes; each must be a provider somewhere in the service's modules. */
  eventHandlers?: Type<EventHandler>[];
  /** Whether the service stores objects in S3. */
  s3?: boolean;
  /**
   * Whether the service keeps its users' plans from billing's subscription events
   * (the `Entitlements` provider); its own migration creates the `entitlements` table.
   */
  entitlements?: boolean;
}

const HANDLER_TYPES = Symbol('HANDLER_TYPES');
const SERVICE_NAME = Symbol('SERVICE_NAME');

/** Starts the relay and the durable consumer once the app is up; stops them first on shutdown. */
@Injectable()
class EventsLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private relay?: OutboxRelay;
  private consumer?: EventConsumer;

  constructor(
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(HANDLER_TYPES) private readonly handlerTypes: Type<EventHandler>[],
    @Inject(ModuleRef) private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap() {
    const names = { stream: this.config.EVENTS_STREAM, prefix: this.config.EVENTS_SUBJECT_PREFIX };
    await ensureStreams(this.nc, names);
    this.relay = new OutboxRelay(this.dataSource, this.nc, names.prefix, this.logger);
    await this.relay.start();
    const handlers = this.handlerTypes.map((type) => this.moduleRef.get(type, { strict: false }));
    this.consumer = new EventConsumer(
      this.dataSource,
      this.nc,
      {
        name: this.service,
        ...names,
        ackWaitMs: this.config.EVENTS_ACK_WAIT_MS,
        maxDeliver: this.config.EVENTS_MAX_DELIVER,
        handlers,
      },
      this.logger,
    );
    await this.consumer.start();
  }

  async beforeApplicationShutdown() {
    await this.consumer?.stop();
    await this.relay?.stop();
  }

  async onApplicationShutdown() {
    await this.nc.drain().catch(() => undefined);
  }
}

/**
 * What every service stands on: validated configuration, the logger, its own
 * Postgres database with migrations run at start, NATS JetStream with the
 * outbox relay and a durable consumer, S3 where used, its users' plans where
 * used (`Entitlements`), and health checks.
 */
@Global()
@Module({})
export class PlatformModule {
  static forService(options: ServicePlatformOptions): DynamicModule {
    const config = loadConfig(serviceConfigSchema);
    const logger = createLogger(options.service, config.LOG_LEVEL);
    const entities = [...(options.entities as unknown[]), ...(options.entitlements ? [Entitlement] : [])];
    const eventHandlers = [
      ...(options.eventHandlers ?? []),
      ...(options.entitlements ? [OnSubscriptionChangedHandler] : []),
    ];
    const entitlementProviders = options.entitlements ? [OnSubscriptionChangedHandler, Entitlements] : [];
    const s3Providers = options.s3
      ? [
          { provide: S3_CONFIG, useFactory: (): S3Config => loadConfig(s3ConfigSchema) },
          {
            provide: S3_CLIENT,
            inject: [S3_CONFIG],
            useFactory: async (s3: S3Config) => {
              const client = createS3Client(s3);
              await ensureBucket(client, s3.S3_BUCKET);
              return client;
            },
          },
        ]
      : [];
    return {
      module: PlatformModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ type: 'postgres' as const, url: config.DATABASE_URL }),
          dataSourceFactory: async () =>
            openServiceDatabase(
              createServiceDataSource({
                url: config.DATABASE_URL,
                entities: entities as ServicePlatformOptions['entities'],
                migrations: options.migrations,
              }),
            ),
        }),
      ],
      controllers: [GrpcHealthController, statusControllerFor(options.service)],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: SERVICE_NAME, useValue: options.service },
        { provide: HANDLER_TYPES, useValue: eventHandlers },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(config.NATS_URL, `kerf-${options.service}`) },
        EventOutbox,
        ...s3Providers,
        ...entitlementProviders,
        {
          provide: HealthChecks,
          inject: [getDataSourceToken(), NATS_CONNECTION, ...(options.s3 ? [S3_CLIENT, S3_CONFIG] : [])],
          useFactory: (dataSource: DataSource, nc: NatsConnection, s3?: S3Client, s3Config?: S3Config) => {
            const health = new HealthChecks();
            health.add({ name: 'postgres', check: async () => void (await dataSource.query('SELECT 1')) });
            health.add({
              name: 'nats',
              check: async () => {
                if (nc.isClosed()) throw new Error('connection closed');
                await nc.flush();
              },
            });
            if (s3 && s3Config) {
              health.add({
                name: 's3',
                check: async () => void (await s3.send(new HeadBucketCommand({ Bucket: s3Config.S3_BUCKET }))),
              });
            }
            return health;
          },
        },
        EventsLifecycle,
      ],
      exports: [
        SERVICE_CONFIG,
        LOGGER,
        NATS_CONNECTION,
        EventOutbox,
        HealthChecks,
        ...(options.s3 ? [S3_CLIENT, S3_CONFIG] : []),
        ...(options.entitlements ? [Entitlements] : []),
      ],
    };
  }
}
