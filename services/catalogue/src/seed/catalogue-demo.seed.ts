import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceValues } from '@backoffice/contracts';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { CatalogueConfig } from '../catalogue.config';
import { CategoryEntity } from '../categories/category.entity';
import { ServiceFileEntity } from '../service-files/service-file.entity';
import { CatalogueServiceEntity } from '../services/service.entity';
import { ServiceEvents } from '../services/service-state';

type DemoService = Omit<ServiceValues, 'categoryId' | 'serviceFiles' | 'images' | 'branches'> & { files: string[] };

const FILES: Record<string, string> = {
  'Passport copy': 'image,pdf',
  'Passport photo': 'image',
  'Bank statement': 'pdf,sheet',
  'Proof of address': 'image,pdf',
  'Supporting documents': 'pdf,zip',
};

const base = {
  active: true,
  description_Ar: '',
  physical: false,
  electronical: true,
  shippingType: 'None',
  deliveryType: 'Online',
  priceBefore: 0,
} as const;

/** A small, realistic catalogue on a fresh database when SEED_DEMO_DATA=true. */
const TREE: { name: string; description: string; home?: boolean; services?: DemoService[]; children?: typeof TREE }[] = [
  {
    name: 'Immigration',
    description: 'Visas, residency and citizenship paperwork handled end to end.',
    home: true,
    children: [
      {
        name: 'Visa applications',
        description: 'Tourist, business and student visa applications.',
        services: [
          {
            ...base,
            name: 'Tourist visa application',
            description: 'We prepare and file your tourist visa application and book the appointment.',
            description_Ar: 'نقوم بإعداد طلب التأشيرة السياحية وتقديمه وحجز الموعد.',
            price: 149,
            priceBefore: 199,
            deliveryTime: 5,
            deliveryTimeRate: 'Days',
            files: ['Passport copy', 'Passport photo', 'Bank statement'],
          },
          {
            ...base,
            name: 'Student visa application',
            description: 'Application, school letters and interview preparation.',
            price: 249,
            deliveryTime: 10,
            deliveryTimeRate: 'Days',
            files: ['Passport copy', 'Passport photo', 'Supporting documents'],
          },
        ],
      },
      {
        name: 'Residency permits',
        description: 'First permits and renewals.',
        services: [
          {
            ...base,
            name: 'Residency permit renewal',
            description: 'Renewal file checked and submitted before the deadline.',
            price: 320,
            deliveryTime: 3,
            deliveryTimeRate: 'Days',
            deliveryType: 'Physical',
            physical: true,
            electronical: false,
            files: ['Passport copy', 'Proof of address'],
          },
        ],
      },
    ],
  },
  {
    name: 'Translation',
    description: 'Certified translations of official documents.',
    services: [
      {
        ...base,
        name: 'Certified document translation',
        description: 'Sworn translation of one document, delivered as a signed PDF and by post.',
        price: 45,
        deliveryTime: 48,
        deliveryTimeRate: 'Hours',
        physical: true,
        shippingType: 'USPS',
        files: ['Supporting documents'],
      },
    ],
  },
  {
    name: 'Business services',
    description: 'Company formation and accounting for small businesses.',
    services: [
      {
        ...base,
        name: 'Company registration',
        description: 'Register a limited company, with articles and the tax number.',
        price: 499,
        priceBefore: 599,
        deliveryTime: 10,
        deliveryTimeRate: 'Days',
        deliveryType: 'Physical',
        physical: true,
        shippingType: 'UPS',
        files: ['Passport copy', 'Proof of address'],
      },
    ],
  },
];

@Injectable()
export class CatalogueDemoSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('CatalogueDemoSeed');

  constructor(
    private readonly orm: MikroORM,
    private readonly events: ServiceEvents,
    @Inject(SERVICE_CONFIG) private readonly config: CatalogueConfig,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.SEED_DEMO_DATA) return;
    const em = this.orm.em.fork() as EntityManager;
    if ((await em.count(CategoryEntity, {})) > 0 || (await em.count(ServiceFileEntity, {})) > 0) return;
    try {
      await em.transactional(async (tx) => {
        const files = new Map<string, ServiceFileEntity>();
        for (const [name, accept] of Object.entries(FILES)) files.set(name, tx.create(ServiceFileEntity, { name, accept }));
        await tx.flush();
        const created: CatalogueServiceEntity[] = [];
        const plant = async (nodes: typeof TREE, parentId: number | null) => {
          for (const node of nodes) {
            const category = tx.create(CategoryEntity, {
              name: node.name,
              description: node.description,
              home: node.home ?? false,
              parentId,
            });
            await tx.flush();
            for (const { files: names, description_Ar, ...fields } of node.services ?? []) {
              const service = tx.create(CatalogueServiceEntity, { ...fields, descriptionAr: description_Ar, categoryId: category.id });
              service.serviceFiles.set(names.map((name) => files.get(name)!));
              created.push(service);
            }
            await tx.flush();
            await plant(node.children ?? [], category.id);
          }
        };
        await plant(TREE, null);
        for (const service of created) this.events.changed(tx, service, 'created');
        await tx.flush();
      });
      this.logger.log('seeded the demo catalogue');
    } catch (error) {
      // Another replica seeding at the same moment trips the unique names: its catalogue stands.
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }
}
