import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { IDENTITY_USER_TOPIC, type IdentityUserEventType, type Role } from '@backoffice/contracts';
import { OutboxService } from '@backoffice/platform';
import type { UserEntity } from './user.entity';
import { toEventData } from './user.view';

/** identity.user.v1 events, written to the outbox in the transaction of the change (full state in each). */
@Injectable()
export class UserEvents {
  constructor(private readonly outbox: OutboxService) {}

  publish(em: EntityManager, type: IdentityUserEventType, user: UserEntity, previousRoles?: Role[]): void {
    this.outbox.add(em, { topic: IDENTITY_USER_TOPIC, type, subject: user.id, data: toEventData(user, previousRoles) });
  }
}
