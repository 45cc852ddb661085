export { ApiError, errorMessage, fieldErrors } from './api-error';
export { apiFetch, refreshSession, type ApiFetchOptions, type RefreshOutcome } from './api-fetch';
export { ApiSWRConfig } from './api-swr-config';
export { sessionStore, type SessionEndReason, type SessionState, type SessionStatus } from './session-store';
export { revalidateUnder, useApi } from './use-api';
export { download, fetchBlob, saveBlob } from './download';
export { withQuery } from './with-query';
export { idempotencyHeader, mayHaveRun, useIdempotencyKey, type IdempotencyKey } from './idempotency-key';
