import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'bullmq';
import type { IndexLeadGroupJobData } from '../extraction/leads-queue';
import { GroupPartitions } from '../groups/group-partitions';
import { LeadGroupEntity } from '../groups/lead-group.entity';
import type { LeadJobHandler } from './lead-jobs.worker';

/** Builds the search indexes of a group that has just become ready (searches scan it until then). */
export class IndexLeadGroupJob implements LeadJobHandler<IndexLeadGroupJobData, void> {
  readonly jobName = 'index-lead-group' as const;

  constructor(
    private readonly orm: MikroORM,
    private readonly partitions: GroupPartitions,
  ) {}

  async handle(job: Job<IndexLeadGroupJobData>): Promise<void> {
    const em = this.orm.em.fork() as EntityManager;
    const group = await em.findOne(LeadGroupEntity, { id: job.data.groupId });
    if (!group || group.status !== 'ready' || group.searchIndexed) return;
    await this.partitions.buildSearchIndexes(em, group.id);
  }
}
