import { Module } from '@nestjs/common';
import { BranchesModule } from '../branches/branches.module';
import { AppointmentSettingsController } from './appointment-settings.controller';
import { AppointmentSettingsService } from './appointment-settings.service';

/** A branch's appointment settings and adjusted dates. */
@Module({
  imports: [BranchesModule],
  controllers: [AppointmentSettingsController],
  providers: [AppointmentSettingsService],
})
export class AppointmentsModule {}
