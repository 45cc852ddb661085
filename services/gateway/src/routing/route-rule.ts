import type { ApiScope, Role, ServiceName } from '@backoffice/contracts';
import type { ConfiguredBodyLimit } from '@backoffice/platform';

/** Who may call a route: nobody signed in, any signed-in staff user, or one of the roles (Admin always may). */
export type Access = 'public' | 'authenticated' | readonly Role[];

/** The methods the services' routes answer (HEAD is answered like GET). */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of one service, as its controller declares it: the gateway's routing and access rule for it. */
export interface RouteRule {
  method: RouteMethod;
  /** The route's whole path, each parameter as `*` (one non-empty segment); matched exactly, in any case. */
  pattern: string;
  service: ServiceName;
  access: Access;
  /**
   * API clients (client-credentials tokens) holding one of these scopes may call the route too. A route without
   * scopes is for staff only: a client token gets 403 there, whatever `access` says.
   */
  scopes: readonly ApiScope[];
  /** Largest request body of an upload route (JSON_BODY_LIMIT when absent): bytes, or a limit the deployment configures. */
  bodyLimit?: number | ConfiguredBodyLimit;
}
