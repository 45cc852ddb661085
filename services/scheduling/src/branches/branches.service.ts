import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { BranchInputSchema, SCHEDULING_BRANCH_TOPIC, type Branch as BranchDto, type FieldError } from '@backoffice/contracts';
import { ConflictError, InvalidInputError, NotFoundError, OutboxService, SERVICE_CONFIG } from '@backoffice/platform';
import type { z } from 'zod';
import { CountryCatalog } from '../countries/country-catalog';
import type { SchedulingConfig } from '../scheduling.config';
import { BranchEntity } from './branch.entity';
import { toBranchDto } from './branch.view';

export type BranchData = z.output<typeof BranchInputSchema>;

@Injectable()
export class BranchesService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly countries: CountryCatalog,
    @Inject(SERVICE_CONFIG) private readonly config: SchedulingConfig,
  ) {}

  async list(): Promise<BranchDto[]> {
    const branches = await this.em.find(BranchEntity, {}, { orderBy: { name: 'asc', id: 'asc' } });
    return branches.map(toBranchDto);
  }

  async get(id: number): Promise<BranchDto> {
    return toBranchDto(await this.load(id));
  }

  /** The branch or a 404. */
  async load(id: number, em: EntityManager = this.em): Promise<BranchEntity> {
    const branch = await em.findOne(BranchEntity, { id });
    if (!branch) throw new NotFoundError('Branch', id);
    return branch;
  }

  async create(input: BranchData): Promise<BranchDto> {
    this.assertCountry(input.countryCCN3);
    return this.em.transactional(async (em) => {
      await this.assertUniqueName(em, input.name);
      const branch = em.create(BranchEntity, {
        ...this.fields(input),
        timeZone: input.timeZone ? canonicalTimeZone(input.timeZone) : this.config.DEFAULT_BRANCH_TIME_ZONE,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await em.flush();
      this.publish(em, 'created', branch);
      return toBranchDto(branch);
    });
  }

  async update(id: number, input: BranchData): Promise<BranchDto> {
    this.assertCountry(input.countryCCN3);
    return this.em.transactional(async (em) => {
      const branch = await this.load(id, em);
      await this.assertUniqueName(em, input.name, id);
      em.assign(branch, {
        ...this.fields(input),
        ...(input.timeZone ? { timeZone: canonicalTimeZone(input.timeZone) } : {}),
        updatedAt: new Date(),
      });
      this.publish(em, 'updated', branch);
      return toBranchDto(branch);
    });
  }

  /** Deletes the branch and, with it, its appointment settings. */
  async remove(id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const branch = await this.load(id, em);
      em.remove(branch);
      this.outbox.deleted(em, { topic: SCHEDULING_BRANCH_TOPIC, subject: String(id), data: { id } });
    });
  }

  private fields(input: BranchData) {
    return {
      name: input.name,
      phoneNumber: input.phoneNumber,
      address: input.address,
      type: input.type,
      countryCCN3: input.countryCCN3,
      active: input.active,
      latitude: input.location?.lat ?? null,
      longitude: input.location?.lng ?? null,
    };
  }

  private publish(em: EntityManager, type: 'created' | 'updated', branch: BranchEntity) {
    this.outbox.add(em, { topic: SCHEDULING_BRANCH_TOPIC, type, subject: String(branch.id), data: toBranchDto(branch) });
  }

  private assertCountry(ccn3: string) {
    if (!this.countries.has(ccn3))
      throw new InvalidInputError([{ path: 'countryCCN3', message: 'Unknown country' }] satisfies FieldError[]);
  }

  private async assertUniqueName(em: EntityManager, name: string, exceptId?: number) {
    const rows = await em
      .getConnection()
      .execute<{ id: number }[]>('select id from branches where lower(name) = lower(?) and id <> ?', [name, exceptId ?? 0]);
    if (rows.length) throw new ConflictError(`A branch named "${name}" already exists.`, 'duplicate_branch_name');
  }
}

/** "europe/paris" → "Europe/Paris". */
function canonicalTimeZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}
