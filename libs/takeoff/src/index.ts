export * from './extract-materials';
export * from './quantities';
export * from './units';
export * from './room-finish';
export * from './drawing-scale';
