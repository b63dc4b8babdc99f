export * from './events';
export * from './services';
export type * from './document-analysis';
