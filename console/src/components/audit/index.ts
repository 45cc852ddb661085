export * from './api';
export * from './audit-entry';
export * from './audit-words';
export * from './record-history';
