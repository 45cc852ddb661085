import { Module } from '@nestjs/common';
import { GroupPartitions } from './group-partitions';
import { LeadGroupsController } from './lead-groups.controller';
import { LeadGroupsService } from './lead-groups.service';

/** Lead groups (one table partition each), their pages, search and export. */
@Module({
  controllers: [LeadGroupsController],
  providers: [GroupPartitions, LeadGroupsService],
  exports: [GroupPartitions],
})
export class GroupsModule {}
