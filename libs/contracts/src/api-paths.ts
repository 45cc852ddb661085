/**
 * API paths that no other contract module names yet: sign-in and the session, identity, branches,
 * the catalogue, the lead sheets, runtime configuration and the dashboards. Clients take every path
 * from a `*_PATHS` constant so a route moves in one place.
 */

export const CONFIG_PATHS = {
  runtime: '/api/config',
} as const;

export const AUTH_PATHS = {
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  profile: '/api/auth/profile',
  twoFactor: '/api/auth/two-factor',
  twoFactorSetupAtLogin: '/api/auth/login/two-factor-setup',
} as const;

export const IDENTITY_PATHS = {
  users: '/api/identity/users',
  user: (id: string) => `/api/identity/users/${id}`,
  roles: '/api/identity/roles',
  settings: '/api/identity/settings',
  clients: '/api/clients',
  clientById: (id: string) => `/api/clients/byId?id=${encodeURIComponent(id)}`,
  /** POST {id}: the twin of the specification's GET /api/clients/delete?id= (kept for its clients). */
  clientDelete: '/api/clients/delete',
  apiClients: '/api/identity/api-clients',
} as const;

export const BRANCH_PATHS = {
  branches: '/api/branches',
  countries: '/api/branches/countries',
} as const;

export const CATALOGUE_PATHS = {
  categories: '/api/categories',
  services: '/api/services',
  serviceFiles: '/api/service-files',
  serviceFileInsert: '/api/service-files/insert',
  serviceFileUpdate: '/api/service-files/update',
  /** POST {id}: the twin of the specification's GET /api/service-files/delete?id= (kept for its clients). */
  serviceFileDelete: '/api/service-files/delete',
} as const;

export const DASHBOARD_PATHS = {
  orders: '/api/dashboard/orders',
  crm: '/api/dashboard/crm',
} as const;

export const LEADS_PATHS = {
  uploads: '/api/leads/uploads',
  upload: (id: number) => `/api/leads/uploads/${id}`,
  extract: (id: number) => `/api/leads/uploads/${id}/extract`,
  extractAll: '/api/leads/uploads/extract',
  failedRows: (id: number) => `/api/leads/uploads/${id}/errors.xlsx`,
  job: (jobId: string) => `/api/leads/jobs/${jobId}`,
  groups: '/api/leads/groups',
  groupLeads: (id: number) => `/api/leads/groups/${id}/leads`,
  groupExport: (id: number) => `/api/leads/groups/${id}/export.xlsx`,
  template: '/api/leads/template.xlsx',
  assignable: '/api/leads/assignable',
  unassignedIds: '/api/leads/assignable/unassigned-ids',
  users: '/api/leads/users/',
  userLeads: (userId: string) => `/api/leads/users/${userId}`,
  distribute: '/api/leads/distribute',
  mine: '/api/leads/mine',
  mineSummary: '/api/leads/mine/summary',
  mineActivity: '/api/leads/mine/activity',
  myLead: (id: number) => `/api/leads/mine/${id}`,
  /** Stage, follow-up and notes of a lead: its agent, a Manager or an Admin. */
  pipeline: '/api/leads/pipeline',
  pipelineLead: (id: number) => `/api/leads/pipeline/${id}`,
  leadNotes: (id: number) => `/api/leads/pipeline/${id}/notes`,
  team: '/api/leads/team',
  teamReassign: '/api/leads/team/reassign',
} as const;
