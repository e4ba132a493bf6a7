export * from './accounts';
export * from './entries';
export * from './errors';
