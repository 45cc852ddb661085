import { Module } from '@nestjs/common';
import { CountriesModule } from '../countries/countries.module';
import { BranchesController } from './branches.controller';
import { BranchesService } from './branches.service';

/** Branches and their events (scheduling.branch.v1, compacted). */
@Module({
  imports: [CountriesModule],
  controllers: [BranchesController],
  providers: [BranchesService],
  exports: [BranchesService],
})
export class BranchesModule {}
