import { z } from 'zod';
import { PageQuerySchema } from './paging';
import { ROLES, RoleSchema, type Role } from './roles';

/*
 * Identity and access: staff users, roles, client accounts, two-factor sign-in, identity events.
 * Lists answer `Page<T>` ({items, total, page, pageSize}) with `?page=&pageSize=&search=`.
 */

// ── Passwords (one rule for staff passwords and client passCodes) ─────────────────────────────

export const ACCOUNT_PASSWORD_MIN_LENGTH = 8;

/** An IdentityResult-style error: a stable code and a sentence for the user. */
export const IdentityErrorSchema = z.object({ code: z.string(), description: z.string() });
export type IdentityError = z.infer<typeof IdentityErrorSchema>;

/** Every way a password is too weak, empty when it is fine: at least 8 characters, with a letter and a digit. */
export function accountPasswordProblems(password: string): IdentityError[] {
  const problems: IdentityError[] = [];
  if (password.length < ACCOUNT_PASSWORD_MIN_LENGTH) {
    problems.push({ code: 'PasswordTooShort', description: `Passwords must be at least ${ACCOUNT_PASSWORD_MIN_LENGTH} characters.` });
  }
  if (!/[A-Za-z]/.test(password)) {
    problems.push({ code: 'PasswordRequiresLetter', description: 'Passwords must have at least one letter.' });
  }
  if (!/\d/.test(password)) {
    problems.push({ code: 'PasswordRequiresDigit', description: "Passwords must have at least one digit ('0'-'9')." });
  }
  return problems;
}

/** A new password: required, then strong enough (the first problem is the field's message). */
export const AccountPasswordSchema = z
  .string()
  .min(1, 'Password is required')
  .max(1024)
  .superRefine((value, context) => {
    const [problem] = accountPasswordProblems(value);
    if (value.length > 0 && problem) context.addIssue({ code: 'custom', message: problem.description });
  });

/** A trimmed, lower-cased email address. */
export const AccountEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export function isAccountEmail(value: string): boolean {
  return AccountEmailSchema.safeParse(value).success;
}

/** A phone number: digits with optional + ( ) - . and spaces, 7 to 15 digits. */
export function isAccountPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(value.trim()) && digits >= 7 && digits <= 15;
}

// ── Roles ─────────────────────────────────────────────────────────────────────────────────────

/** What each role may do (docs/architecture.md, Roles and scopes), shown on the role screen. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  Admin: 'Everything, including staff users, their roles and security settings.',
  Manager: 'Every back-office screen except users and roles.',
  Salesagent: 'The CRM workspace: their own leads.',
  ServiceProvider: 'The client services assigned to them: view them and add transactions.',
};

/** GET /api/identity/roles/{id}: the id of a role is its name. */
export const RoleInfoSchema = z.object({
  id: RoleSchema,
  name: RoleSchema,
  description: z.string(),
  /** Active staff users with the role. */
  userCount: z.number().int(),
});
export type RoleInfo = z.infer<typeof RoleInfoSchema>;

/** PUT /api/identity/users/{id}/roles. Duplicates are dropped; the order follows ROLES. */
export const UpdateUserRolesSchema = z.object({
  roles: z
    .array(RoleSchema)
    .max(20)
    .transform((roles) => ROLES.filter((role) => roles.includes(role))),
});
export type UpdateUserRolesRequest = z.input<typeof UpdateUserRolesSchema>;

/** GET and PUT /api/identity/users/{id}/roles. */
export const UserRolesSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(RoleSchema),
});
export type UserRoles = z.infer<typeof UserRolesSchema>;

// ── Staff users ───────────────────────────────────────────────────────────────────────────────

export const StaffUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  roles: z.array(RoleSchema),
  active: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

export const USER_SORT_FIELDS = ['name', 'email', 'createdAt'] as const;

/**
 * GET /api/identity/users: staff users, paged. `role` filters by role (other areas list their
 * Salesagent or ServiceProvider users this way: `?role=Salesagent&active=true&pageSize=200`).
 */
export const UserListQuerySchema = PageQuerySchema.extend({
  role: RoleSchema.optional(),
  active: z.enum(['true', 'false']).optional(),
  sort: z.enum(USER_SORT_FIELDS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;

const PersonNameSchema = z.string().trim().min(1, 'Name is required').max(200, 'Name is too long');

/** POST /api/identity/users (the password only here; roles may be given now or later). */
export const CreateStaffUserSchema = z.object({
  name: PersonNameSchema,
  email: AccountEmailSchema,
  password: AccountPasswordSchema,
  roles: UpdateUserRolesSchema.shape.roles.default([]),
});
export type CreateStaffUserRequest = z.input<typeof CreateStaffUserSchema>;

/** PUT /api/identity/users/{id}: name and email (username follows the email). */
export const UpdateStaffUserSchema = z.object({
  name: PersonNameSchema,
  email: AccountEmailSchema,
});
export type UpdateStaffUserRequest = z.input<typeof UpdateStaffUserSchema>;

/** Problem codes the users API answers with, so forms can put them on a field. */
export const USER_PROBLEM_CODES = {
  duplicateEmail: 'duplicate_email',
  lastAdmin: 'last_admin',
  selfDeactivation: 'self_deactivation',
} as const;

// ── Security settings ─────────────────────────────────────────────────────────────────────────

/** GET and PUT /api/identity/settings (Admin). */
export const IdentitySettingsSchema = z.object({
  /** When on, Admin and Manager users must sign in with a one-time code. */
  twoFactorRequiredForStaff: z.boolean(),
});
export type IdentitySettings = z.infer<typeof IdentitySettingsSchema>;

/** The roles the two-factor setting applies to. */
export const TWO_FACTOR_REQUIRED_ROLES: readonly Role[] = ['Admin', 'Manager'];

// ── Two-factor sign-in ────────────────────────────────────────────────────────────────────────

// The problem codes of POST /api/auth/login (LOGIN_PROBLEM_CODES) are in login-problems.ts, which has no schema.

/** GET /api/auth/two-factor: the signed-in user's state. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The security setting requires it for this user's role. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** A new secret to add to an authenticator app: the text secret, its otpauth:// URI and a QR code (SVG). */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** A code from the authenticator app (6 digits) or, where allowed, a recovery code. */
export const TwoFactorCodeSchema = z.object({
  code: z.string().trim().min(1, 'Enter the code from your authenticator app').max(32),
});
export type TwoFactorCodeRequest = z.input<typeof TwoFactorCodeSchema>;

/** Shown once, when two-factor sign-in is switched on or the codes are renewed. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const RECOVERY_CODE_COUNT = 10;

// ── Clients (customer accounts; docs/product.md) ───────────────────────────────────────────────

export const ClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** Always equal to the email. */
  username: z.string(),
  phoneNumber: z.string(),
  dateCreated: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

export const CLIENT_SORT_FIELDS = ['name', 'email', 'phoneNumber', 'dateCreated'] as const;

/** GET /api/clients: paged, newest first unless sorted otherwise; `search` matches name, email and phone. */
export const ClientListQuerySchema = PageQuerySchema.extend({
  sort: z.enum(CLIENT_SORT_FIELDS).default('dateCreated'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type ClientListQuery = z.input<typeof ClientListQuerySchema>;

/** `?id=` of byId and delete. */
/** ?id= of /api/clients/byId and of the specification's GET /api/clients/delete; {id}, the body of its POST twin. */
export const ClientIdQuerySchema = z.object({ id: z.uuid('id must be a UUID') });

/**
 * Shape checks only (a missing field is a 400 with field errors); the email's format, the
 * passCode's strength and a duplicate email answer `succeeded: false` with descriptions.
 */
const ClientFieldsSchema = z.object({
  name: PersonNameSchema,
  email: z.string().trim().min(1, 'Email is required').max(254, 'Email is too long'),
  phoneNumber: z.string().trim().min(1, 'Phone number is required').max(40, 'Phone number is too long'),
});

/** POST /api/clients/insert. */
export const ClientInsertSchema = ClientFieldsSchema.extend({
  passCode: z.string().min(1, 'Password is required').max(1024),
});
export type ClientInsertRequest = z.input<typeof ClientInsertSchema>;

/** POST /api/clients/update (no passCode: it is set only when creating). */
export const ClientUpdateSchema = ClientFieldsSchema.extend({ id: z.uuid('id must be a UUID') });
export type ClientUpdateRequest = z.input<typeof ClientUpdateSchema>;

/** The answer of insert, update and delete; `id` is the client's on success. */
export const IdentityResultSchema = z.object({
  succeeded: z.boolean(),
  errors: z.array(IdentityErrorSchema),
  id: z.uuid().optional(),
});
export type IdentityResult = z.infer<typeof IdentityResultSchema>;

// ── Events ────────────────────────────────────────────────────────────────────────────────────

/** Topic of staff-user events; key = user id. Every event carries the user's full state. */
export const IDENTITY_USER_TOPIC = 'identity.user.v1';
export const IDENTITY_USER_EVENT_TYPES = ['created', 'updated', 'roles-changed', 'deactivated', 'activated'] as const;
export type IdentityUserEventType = (typeof IDENTITY_USER_EVENT_TYPES)[number];

export const IdentityUserEventDataSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    roles: z.array(RoleSchema),
    active: z.boolean(),
    /** On roles-changed: the roles before. */
    previousRoles: z.array(RoleSchema).optional(),
  })
  .meta({ id: 'IdentityUserEventData' });
export type IdentityUserEventData = z.infer<typeof IdentityUserEventDataSchema>;
