export * from './format';
export * from './theme';
export * from './ErrorCard';
export * from './remote';
export * from './masks';
export * from './relative';
export * from './images';
export * from './live';
