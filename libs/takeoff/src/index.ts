export * from './extract-materials';
