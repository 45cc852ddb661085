import { Module } from '@nestjs/common';
import { AppointmentsModule } from './appointments/appointments.module';
import { BranchesModule } from './branches/branches.module';
import { CountriesModule } from './countries/countries.module';
import { schedulingPlatform } from './scheduling.platform';
import { SeedModule } from './seed/seed.module';

/** The scheduling service: one module per feature. */
@Module({
  // Countries first: its static path must win over /api/branches/{id} (routes register in module order).
  imports: [schedulingPlatform(), CountriesModule, BranchesModule, AppointmentsModule, SeedModule],
})
export class AppModule {}
