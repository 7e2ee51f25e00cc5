export * from './common';
export * from './user';
export * from './account';
export * from './auth';
export * from './trainings';
export * from './config';
export type * from './socket';
export * from './taskboards';
