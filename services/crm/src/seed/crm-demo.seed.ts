import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { GroupPartitions, partitionName } from '../groups/group-partitions';
import { LeadGroupEntity } from '../groups/lead-group.entity';
import { SsnCipher } from '../security/ssn-cipher';

const FIRST = ['Olivia', 'Liam', 'Amelia', 'Noah', 'Sofia', 'Omar', 'Grace', 'Mateo', 'Hannah', 'Yusuf', 'Chloe', 'Daniel'];
const LAST = ['Bennett', 'Carter', 'Haddad', 'Novak', 'Garcia', 'Kim', 'Okafor', 'Rossi', 'Schmidt', 'Tanaka'];
const CITIES = ['Austin', 'Denver', 'Seattle', 'Boston', 'Chicago', 'Miami'];
const EMPLOYERS = ['Northwind Traders', 'Contoso Ltd', 'Fabrikam', 'Tailspin Toys', 'Adventure Works', 'Litware'];
const NOTES = ['', '', 'Asked for a call back on Monday', '', 'Interested in the premium package', ''];

/** A small, realistic demo group on the first start (SEED_DEMO_DATA=true and no group yet). */
@Injectable()
export class CrmDemoSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('CrmDemoSeed');

  constructor(
    private readonly orm: MikroORM,
    private readonly partitions: GroupPartitions,
    private readonly cipher: SsnCipher,
  ) {}

  async onApplicationBootstrap() {
    if (process.env.SEED_DEMO_DATA !== 'true') return;
    const em = this.orm.em.fork() as EntityManager;
    if ((await em.count(LeadGroupEntity, {})) > 0) return;
    const group = await em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?)', [0x1ead_5eed]);
      if ((await tx.count(LeadGroupEntity, {})) > 0) return undefined; // another replica seeded first
      const created = tx.create(LeadGroupEntity, { name: 'Demo leads', status: 'importing' });
      await tx.persist(created).flush();
      await this.partitions.create(tx, created.id);
      const count = 36;
      for (let i = 0; i < count; i++) {
        const first = FIRST[i % FIRST.length];
        const last = LAST[(i * 7) % LAST.length];
        const email = `${first}.${last}${i}@example.com`.toLowerCase();
        const digits = `1555${String(2000100 + i * 37).padStart(7, '0')}`;
        const phone = i % 9 === 8 ? '' : `+1 555 ${digits.slice(4, 7)} ${digits.slice(7)}`;
        const ssn = String(600000000 + i * 104729).slice(0, 9);
        await tx.execute(
          `insert into ${partitionName(created.id)} (group_id, seq, row_number, first_name, last_name, work_at, gender, current_city,
             dob, email, email_key, phone, phone_key, ssn_encrypted, ssn_last4, notes)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            created.id,
            i + 1,
            i + 2,
            first,
            last,
            EMPLOYERS[i % EMPLOYERS.length],
            i % 2 ? 'Male' : 'Female',
            CITIES[i % CITIES.length],
            `${1970 + (i % 30)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
            email,
            email,
            phone,
            phone ? digits : null,
            this.cipher.encrypt(ssn),
            ssn.slice(-4),
            NOTES[i % NOTES.length],
          ],
        );
        await tx.execute('insert into lead_keys (key, group_id) values (?, ?) on conflict do nothing', [`e:${email}`, created.id]);
        if (phone)
          await tx.execute('insert into lead_keys (key, group_id) values (?, ?) on conflict do nothing', [`p:${digits}`, created.id]);
      }
      Object.assign(created, { leadCount: count, totalRows: count, lastRow: count + 1 });
      await this.partitions.attach(tx, created.id);
      created.status = 'ready';
      return created;
    });
    if (!group) return;
    await this.partitions.buildSearchIndexes(em, group.id);
    this.logger.log(`seeded the demo lead group (${group.leadCount} leads)`);
  }
}
