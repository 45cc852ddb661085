import type { OrderDetail } from '@backoffice/contracts';
import { fromCents, invoiceNumber, toCents } from '@backoffice/contracts';
import type { OrderEntity } from './order.entity';
import type { OrderItemEntity } from './order-item.entity';

/** A numeric(12,2) string as a JSON number. */
export const decimalToNumber = (value: string | number): number => fromCents(toCents(value));

/** `submitted`: client service id by item id. */
export function toOrderDetail(order: OrderEntity, items: OrderItemEntity[], submitted: ReadonlyMap<number, string>): OrderDetail {
  return {
    id: order.id,
    invoiceNumber: invoiceNumber(order.id),
    name: order.name,
    contactInfo: order.contactInfo,
    email: order.email,
    address: order.address,
    zipCode: order.zipCode,
    city: order.city,
    county: order.county,
    state: order.state,
    country: order.country,
    userId: order.userId,
    items: [...items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        itemId: item.itemId,
        itemName: item.itemName,
        itemType: item.itemType,
        amount: decimalToNumber(item.amount),
        quantity: item.quantity,
        total: decimalToNumber(item.total),
        clientServiceId: submitted.get(item.itemId) ?? null,
      })),
    subtotal: decimalToNumber(order.subtotal),
    discount: decimalToNumber(order.discount),
    taxRate: Number(order.taxRate),
    tax: decimalToNumber(order.tax),
    shippingFee: decimalToNumber(order.shippingFee),
    amount: decimalToNumber(order.amount),
    status: order.status,
    createdDate: order.createdDate.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}
