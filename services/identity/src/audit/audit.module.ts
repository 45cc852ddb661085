import { Module } from '@nestjs/common';
import { AuditLogConsumer } from './audit-log.consumer';
import { AuditLogController } from './audit-log.controller';
import { AuditLog } from './audit-log.service';

/** The audit log: every service's audit events, kept and listed here. */
@Module({ controllers: [AuditLogController, AuditLogConsumer], providers: [AuditLog] })
export class AuditModule {}
