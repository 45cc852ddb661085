export * from './roles';
export * from './services';
export * from './problem';
export * from './auth';
export * from './config';
export * from './paging';
