import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { IdentitySettings, Role } from '@backoffice/contracts';
import { AuditTrail, changedFields, ConflictError, SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';
import { UserEntity } from '../users/user.entity';
import { twoFactorRequiredFor } from '../two-factor/totp.policy';
import { IdentitySettingEntity } from './identity-setting.entity';

const TWO_FACTOR_REQUIRED_KEY = 'twoFactorRequiredForStaff';

/** The security settings an Admin can change; until changed, their values come from the environment. */
@Injectable()
export class IdentitySettingsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly audit: AuditTrail,
  ) {}

  async get(): Promise<IdentitySettings> {
    const row = await this.em.fork().findOne(IdentitySettingEntity, { key: TWO_FACTOR_REQUIRED_KEY });
    return { twoFactorRequiredForStaff: typeof row?.value === 'boolean' ? row.value : this.config.TWO_FACTOR_REQUIRED };
  }

  async update(input: IdentitySettings, actorId: string): Promise<IdentitySettings> {
    if (input.twoFactorRequiredForStaff) {
      // An Admin who has not set it up would lock themselves out at their next refresh.
      const actor = await this.em.fork().findOne(UserEntity, { id: actorId });
      if (!actor?.twoFactorEnabledAt) {
        throw new ConflictError(
          'Set up two-factor sign-in on your own profile before requiring it for Admin and Manager users.',
          'two_factor_not_set_up',
        );
      }
    }
    const before = await this.get();
    await this.em.fork().transactional(async (em) => {
      await em.upsert(IdentitySettingEntity, {
        key: TWO_FACTOR_REQUIRED_KEY,
        value: input.twoFactorRequiredForStaff,
        updatedAt: new Date(),
        updatedBy: actorId,
      });
      // An upsert is a statement the unit of work does not see: named here for the audit log (the setting's first save too).
      const fields = changedFields(before, input);
      this.audit.record(em, [
        {
          entityType: 'IdentitySetting',
          recordId: TWO_FACTOR_REQUIRED_KEY,
          action: 'updated',
          fields,
          ...(Object.keys(fields).length ? {} : { note: 'Saved unchanged.' }),
        },
      ]);
    });
    return this.get();
  }

  async twoFactorRequiredFor(roles: readonly Role[]): Promise<boolean> {
    if (!twoFactorRequiredFor(roles, true)) return false; // no need to read the setting
    return twoFactorRequiredFor(roles, (await this.get()).twoFactorRequiredForStaff);
  }
}
