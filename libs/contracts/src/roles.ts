import { z } from 'zod';
import { ROLES } from './role-names';

export { BACK_OFFICE_ROLES, ROLES, type Role } from './role-names';

export const RoleSchema = z.enum(ROLES);
