/**
 * The part of the platform a process needs to serve HTTP and call services
 * (the gateway): configuration, logs, request context, gRPC clients and errors,
 * event subjects. Not the database, storage or service bootstrap: importing
 * those loads TypeORM with every driver it ships and the AWS SDK, which cost
 * the gateway about 20 MB of memory it never used (ADR 0012).
 */
export * from './config/config';
export * from './logging/logger';
export * from './logging/nest-logger';
export * from './logging/request-context';
export * from './grpc/errors';
export * from './grpc/options';
export * from './grpc/service-client';
export * from './grpc/peer-clients';
export * from './grpc/acting-user';
export { eventSubject } from './events/nats';
