export * from './test-infra';
export * from './processes';
