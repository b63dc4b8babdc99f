export * from './extract-materials';
export * from './quantities';
export * from './units';
