export * from './events';
export * from './services';
