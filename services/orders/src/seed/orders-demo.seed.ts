import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import type { ClientServiceStatus } from '@backoffice/contracts';
import { OutboxService, SERVICE_CONFIG } from '@backoffice/platform';
import type { OrdersConfig } from '../orders.config';
import { CatalogueServiceEntity } from '../catalogue-read-model/catalogue-service.entity';
import { OrderEntity } from '../orders/order.entity';
import { writeOrder } from '../orders/order.repository';
import { toCents } from '@backoffice/contracts';
import { priceOrder } from '../orders/order-pricing.policy';
import { SubmitOrderItemCommand } from '../client-services/commands/submit-order-item.handler';
import { RecordTransactionCommand } from '../client-services/commands/record-transaction.handler';

/** Who the demo data says did things. */
export const DEMO_ACTOR = {
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Demo data',
  email: 'demo@backoffice.local',
  roles: ['Admin' as const],
};

interface DemoItem {
  id: number;
  name: string;
  deliveryType: string;
  priceCents: number;
  physical: boolean;
}

/** The catalogue's demo services, used only when the read model stays empty (the catalogue is not running). */
const FALLBACK_ITEMS: DemoItem[] = [
  { id: 1, name: 'Tourist visa application', deliveryType: 'Online', priceCents: 14900, physical: false },
  { id: 2, name: 'Student visa application', deliveryType: 'Online', priceCents: 24900, physical: false },
  { id: 3, name: 'Residency permit renewal', deliveryType: 'Physical', priceCents: 32000, physical: true },
  { id: 4, name: 'Certified document translation', deliveryType: 'Online', priceCents: 4500, physical: false },
  { id: 5, name: 'Company registration', deliveryType: 'Physical', priceCents: 49900, physical: true },
];

/** Addresses of the geography demo data, with the rates its lookup answers for them. */
const PLACES = [
  {
    city: 'New York City',
    county: 'New York County',
    state: 'NY',
    zipCode: '10001',
    address: '350 5th Ave, Apt 12B',
    taxRate: 8.875,
    shipping: 999,
  },
  { city: 'New York City', county: 'Kings County', state: 'NY', zipCode: '11205', address: '63 Flushing Ave', taxRate: 4.5, shipping: 999 },
  { city: 'Buffalo', county: 'Erie County', state: 'NY', zipCode: '14202', address: '95 Franklin St', taxRate: 8.75, shipping: 1250 },
  {
    city: 'Jersey City',
    county: 'Hudson County',
    state: 'NJ',
    zipCode: '07302',
    address: '30 Montgomery St',
    taxRate: 6.625,
    shipping: 750,
  },
  { city: 'Newark', county: 'Essex County', state: 'NJ', zipCode: '07102', address: '1 Gateway Center', taxRate: 6.625, shipping: 750 },
  {
    city: 'Los Angeles',
    county: 'Los Angeles County',
    state: 'CA',
    zipCode: '90071',
    address: '633 W 5th St',
    taxRate: 10.25,
    shipping: 1400,
  },
  {
    city: 'Los Angeles',
    county: 'Los Angeles County',
    state: 'CA',
    zipCode: '90028',
    address: '6801 Hollywood Blvd',
    taxRate: 9.5,
    shipping: 1400,
  },
  {
    city: 'San Francisco',
    county: 'San Francisco County',
    state: 'CA',
    zipCode: '94103',
    address: '1355 Market St',
    taxRate: 8.625,
    shipping: 1400,
  },
];

const CLIENTS = [
  { name: 'Emily Carter', phone: '+1 212 555 0147', email: 'emily.carter@example.com' },
  { name: 'James O’Neill', phone: '+1 646 555 0193', email: 'james.oneill@example.com' },
  { name: 'Aisha Rahman', phone: '+1 718 555 0121', email: 'aisha.rahman@example.com' },
  { name: 'Carlos Mendoza', phone: '+1 305 555 0168', email: 'carlos.mendoza@example.com' },
  { name: 'Hannah Schmidt', phone: '+1 415 555 0102', email: 'hannah.schmidt@example.com' },
  { name: 'Wei Zhang', phone: '+1 206 555 0135', email: 'wei.zhang@example.com' },
  { name: 'Fatima Al-Sayed', phone: '+1 313 555 0177', email: 'fatima.alsayed@example.com' },
  { name: 'Noah Williams', phone: '+1 512 555 0189', email: 'noah.williams@example.com' },
  { name: 'Sofia Rossi', phone: '+1 617 555 0114', email: 'sofia.rossi@example.com' },
  { name: 'Kwame Mensah', phone: '+1 404 555 0156', email: 'kwame.mensah@example.com' },
  { name: 'Priya Nair', phone: '+1 408 555 0172', email: 'priya.nair@example.com' },
  { name: 'Lucas Martin', phone: '+1 312 555 0139', email: 'lucas.martin@example.com' },
];

/** Order n: which items (index into the services, quantity), days ago, discount. */
const ORDERS: { items: [number, number][]; daysAgo: number; discountCents?: number }[] = [
  {
    items: [
      [0, 1],
      [3, 2],
    ],
    daysAgo: 38,
  },
  { items: [[2, 1]], daysAgo: 33 },
  {
    items: [
      [4, 1],
      [3, 3],
    ],
    daysAgo: 29,
    discountCents: 5000,
  },
  { items: [[1, 1]], daysAgo: 24 },
  { items: [[0, 2]], daysAgo: 19 },
  { items: [[3, 1]], daysAgo: 15 },
  {
    items: [
      [1, 1],
      [2, 1],
    ],
    daysAgo: 12,
    discountCents: 2500,
  },
  { items: [[4, 1]], daysAgo: 9 },
  { items: [[0, 1]], daysAgo: 6 },
  {
    items: [
      [2, 1],
      [3, 1],
    ],
    daysAgo: 4,
  },
  {
    items: [
      [1, 1],
      [0, 1],
    ],
    daysAgo: 2,
  },
  { items: [[3, 4]], daysAgo: 1 },
];

/** Client services made from the first items of these orders, taken through these statuses. */
const JOURNEYS: { order: number; steps: { status: ClientServiceStatus; note: string }[] }[] = [
  {
    order: 0,
    steps: [
      { status: 'Verified', note: 'Passport scan and photo checked.' },
      { status: 'Filled', note: 'Application form filled in and reviewed with the client.' },
      { status: 'Completed', note: 'Application submitted; confirmation sent to the client.' },
    ],
  },
  { order: 1, steps: [{ status: 'Verified', note: 'Current permit and proof of address received.' }] },
  { order: 2, steps: [{ status: 'Cancelled', note: 'The client chose to register the company later.' }] },
  {
    order: 4,
    steps: [
      { status: 'Verified', note: 'Documents complete.' },
      { status: 'Filled', note: 'Forms ready for signature.' },
    ],
  },
  { order: 6, steps: [] },
  { order: 9, steps: [] },
];

/**
 * Demo orders and client services on first start (SEED_DEMO_DATA=true, no orders yet). Orders use
 * the catalogue's demo services from the read model, so it waits (in the background) for the
 * catalogue's events; client services go through the commands, so their events are published too.
 */
@Injectable()
export class OrdersDemoSeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OrdersDemoSeed');
  private stopped = false;
  private running?: Promise<void>;

  constructor(
    private readonly orm: MikroORM,
    private readonly commands: CommandBus,
    private readonly outbox: OutboxService,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.SEED_DEMO_DATA) return;
    this.running = this.seed().catch((error: Error) => this.logger.warn(`demo orders not seeded: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Resolves when the seeding started at bootstrap has finished (tests). */
  done(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async seed(): Promise<void> {
    if ((await this.orm.em.fork().count(OrderEntity, {})) > 0) return;
    const items = await this.waitForCatalogue();
    if (this.stopped) return;
    const orderIds = await this.createOrders(items);
    if (orderIds.length === 0) return;
    let clientServices = 0;
    for (const journey of JOURNEYS) {
      const orderId = orderIds[journey.order];
      const itemId = items[ORDERS[journey.order].items[0][0] % items.length].id;
      // Back-dated like the order: submitted two hours after it, one step a day, never in the future.
      const ordered = Date.now() - ORDERS[journey.order].daysAgo * 86_400_000;
      const at = (hours: number) => new Date(Math.min(Date.now(), ordered + hours * 3_600_000));
      const submitted = await this.commands.execute(new SubmitOrderItemCommand(orderId, itemId, DEMO_ACTOR, at(2)));
      if (!submitted.success || !submitted.clientServiceId) continue;
      clientServices += 1;
      for (const [index, step] of journey.steps.entries()) {
        await this.commands.execute(
          new RecordTransactionCommand(
            { clientServiceId: submitted.clientServiceId, ...step, files: [] },
            DEMO_ACTOR,
            at(2 + (index + 1) * 26),
          ),
        );
      }
    }
    this.logger.log(`seeded ${orderIds.length} demo orders and ${clientServices} client services`);
  }

  /** The catalogue's services once its events have arrived (up to a minute), else the built-in list. */
  private async waitForCatalogue(): Promise<DemoItem[]> {
    const deadline = Date.now() + 60_000;
    while (!this.stopped && Date.now() < deadline) {
      const rows = await this.orm.em.fork().find(CatalogueServiceEntity, { active: true }, { orderBy: { id: 'asc' }, limit: 10 });
      if (rows.length >= 3) {
        return rows.map((row) => ({
          id: row.id,
          name: row.name,
          deliveryType: row.deliveryType,
          priceCents: toCents(row.price),
          physical: row.physical,
        }));
      }
      await new Promise((resolve) => setTimeout(resolve, 1000).unref());
    }
    this.logger.warn('no catalogue services arrived; demo orders use the built-in service list');
    return FALLBACK_ITEMS;
  }

  private async createOrders(services: DemoItem[]): Promise<string[]> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      if ((await tx.count(OrderEntity, {})) > 0) return []; // a real order or another replica came first
      const ids: string[] = [];
      for (const [index, spec] of ORDERS.entries()) {
        const place = PLACES[index % PLACES.length];
        const client = CLIENTS[index % CLIENTS.length];
        const lines = spec.items.map(([serviceIndex, quantity]) => {
          const service = services[serviceIndex % services.length];
          return { service, line: { itemId: service.id, quantity, unitCents: service.priceCents, shipped: service.physical } };
        });
        // One line per service (the same service twice would be one line with a larger quantity).
        const unique = lines.filter((entry, i) => lines.findIndex((other) => other.service.id === entry.service.id) === i);
        const priced = priceOrder({
          lines: unique.map((entry) => entry.line),
          discountCents: spec.discountCents ?? 0,
          taxRate: place.taxRate,
          shippingFeeCents: place.shipping,
        });
        if (!priced.ok) continue;
        const created = new Date(Date.now() - spec.daysAgo * 86_400_000 - index * 3_600_000);
        const paid = spec.daysAgo > 7;
        const order = writeOrder(tx, this.outbox, {
          customer: {
            name: client.name,
            contactInfo: client.phone,
            email: client.email,
            address: place.address,
            zipCode: place.zipCode,
            city: place.city,
            county: place.county,
            state: place.state,
            country: 'US',
            userId: null,
            status: paid ? 'Paid' : 'Pending',
            createdDate: created,
            paidAt: paid ? new Date(created.getTime() + 600_000) : null,
            paymentId: paid ? `demo-${index + 1}` : null,
          },
          price: priced.order,
          taxRate: place.taxRate,
          lines: unique,
        });
        ids.push(order.id);
      }
      return ids;
    });
  }
}
