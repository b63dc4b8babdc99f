export * from './test-infra';
export * from './processes';
export * from './users';
export * from './corpus';
export * from './grpc-client';
export * from './s3-proxy';
