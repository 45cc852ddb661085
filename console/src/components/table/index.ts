export * from './use-list-params';
