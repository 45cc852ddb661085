import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { envelope } from '@backoffice/platform';
import { kafkaBrokers, signToken, startTestService, type TestService } from '@backoffice/platform/testing';
import type { Role } from '@backoffice/contracts';

/** Starts the real orders AppModule (fresh database, real Redis and Kafka, the Kafka consumers attached). */
export async function startOrders(
  env: Record<string, string> = {},
  options: Pick<Parameters<typeof startTestService>[1], 'logDestination'> = {},
): Promise<TestService> {
  return startTestService(() => require('../src/app.module').AppModule, {
    ...options,
    service: 'orders',
    env: { GEOGRAPHY_URL: 'http://127.0.0.1:9', SCHEDULING_URL: '', IDENTITY_URL: '', SEED_DEMO_DATA: 'false', ...env },
    configure: (app) => require('../src/orders.http').configureOrdersHttp(app),
  });
}

export const orm = (service: TestService) => service.app.get(MikroORM);

/** A token for a user with these roles (and this id, for providers). */
export const tokenFor = (roles: Role[], sub: string = randomUUID(), name = 'Test User') => signToken({ roles, sub, name });

export interface SeedService {
  id: number;
  name: string;
  price: number;
  deliveryType?: string;
  active?: boolean;
  requiredFiles?: { id: number; name: string; accept: string }[];
}

/** Puts catalogue services straight into the read model (what the consumer would write). */
export async function seedCatalogue(service: TestService, rows: SeedService[]): Promise<void> {
  const connection = orm(service).em.getConnection();
  for (const row of rows) {
    await connection.execute(
      `insert into catalogue_services (id, name, delivery_type, price, active, physical, required_files, source_updated_at)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, now())`,
      [
        row.id,
        row.name,
        row.deliveryType ?? 'Online',
        row.price.toFixed(2),
        row.active ?? true,
        row.deliveryType === 'Physical',
        JSON.stringify(row.requiredFiles ?? []),
      ],
    );
  }
}

/** Inserts an order with these items directly (order intake has its own tests). */
export async function seedOrder(
  service: TestService,
  items: { itemId: number; itemName: string; amount: number; quantity?: number; itemType?: string }[],
  fields: Partial<{
    name: string;
    contactInfo: string;
    email: string | null;
    userId: string | null;
    createdDate: Date;
    status: string;
    city: string;
  }> = {},
): Promise<string> {
  const id = randomUUID();
  const connection = orm(service).em.getConnection();
  const subtotal = items.reduce((sum, item) => sum + item.amount * (item.quantity ?? 1), 0);
  await connection.execute(
    `insert into orders (id, name, contact_info, email, address, zip_code, city, county, state, country, user_id,
       subtotal, discount, tax_rate, tax, shipping_fee, amount, status, created_date)
     values (?, ?, ?, ?, '1 Main St', '10001', ?, 'New York County', 'NY', 'US', ?, ?, 0, 0, 0, 0, ?, ?, ?)`,
    [
      id,
      fields.name ?? 'Ada Client',
      fields.contactInfo ?? '+1 212 555 0100',
      fields.email === undefined ? 'ada@example.com' : fields.email,
      fields.city ?? 'New York City',
      fields.userId ?? null,
      subtotal.toFixed(2),
      subtotal.toFixed(2),
      fields.status ?? 'Pending',
      fields.createdDate ?? new Date(),
    ],
  );
  for (const [position, item] of items.entries()) {
    const quantity = item.quantity ?? 1;
    await connection.execute(
      `insert into order_items (order_id, item_id, position, item_name, item_type, amount, quantity, total)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        item.itemId,
        position,
        item.itemName,
        item.itemType ?? 'Online',
        item.amount.toFixed(2),
        quantity,
        (item.amount * quantity).toFixed(2),
      ],
    );
  }
  return id;
}

export async function json<T = unknown>(response: Response | Promise<Response>): Promise<{ status: number; body: T }> {
  const r = await response;
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export const kafka = () =>
  new Kafka({ clientId: `orders-test-${randomUUID().slice(0, 8)}`, brokers: kafkaBrokers().split(','), logLevel: logLevel.NOTHING });

export interface CollectedMessage {
  key: string | null;
  value: { id: string; type: string; subject: string; data: Record<string, unknown> } | null;
  partition: number;
  offset: string;
}

/** A consumer of a topic from its start, collecting what arrives. */
export async function collect(topic: string): Promise<{ messages: CollectedMessage[]; stop: () => Promise<void>; consumer: Consumer }> {
  const consumer = kafka().consumer({ groupId: `orders-test-${randomUUID()}`, sessionTimeout: 10_000, heartbeatInterval: 500 });
  const messages: CollectedMessage[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message, partition }) => {
      messages.push({
        key: message.key?.toString() ?? null,
        value: message.value ? JSON.parse(message.value.toString()) : null,
        partition,
        offset: message.offset,
      });
    },
  });
  return { messages, consumer, stop: () => consumer.disconnect() };
}

/** Polls until `check` answers a value (not undefined / false) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}

/** A catalogue service's full state as the catalogue publishes it (services/catalogue service-state.ts). */
export const catalogueServiceState = (id: number, name: string, price: number, updatedAt: string, extra: Record<string, unknown> = {}) => ({
  id,
  active: true,
  name,
  description: 'A service',
  description_Ar: '',
  categoryId: 1,
  images: [],
  deliveryTime: 3,
  deliveryTimeRate: 'Days',
  deliveryType: 'Online',
  shippingType: 'None',
  priceBefore: 0,
  price,
  physical: false,
  electronical: true,
  branches: [],
  serviceFiles: [{ id: 2, name: 'Passport scan', accept: 'image,pdf' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt,
  ...extra,
});

/** That state in its CloudEvents envelope (the platform's), as the message value on catalogue.service.v1. */
export const catalogueEvent = (data: ReturnType<typeof catalogueServiceState>, type = 'updated', id: string = randomUUID()) =>
  JSON.stringify({ ...envelope('catalogue', type, String(data.id), data), id, time: data.updatedAt });
