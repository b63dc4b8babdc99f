export * from './extract-materials';
export * from './quantities';
