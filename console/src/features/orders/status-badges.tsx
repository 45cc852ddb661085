import { Badge, type BadgeProps } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissCircleRegular } from '@fluentui/react-icons';
import type { ClientServiceStatus, OrderStatus } from '@backoffice/contracts';

const ORDER_COLORS: Record<OrderStatus, BadgeProps['color']> = { Pending: 'warning', Paid: 'success' };

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge appearance="tint" color={ORDER_COLORS[status] ?? 'informative'} data-testid="order-status">
      {status}
    </Badge>
  );
}

const SERVICE_COLORS: Record<ClientServiceStatus, BadgeProps['color']> = {
  Created: 'informative',
  Verified: 'brand',
  Filled: 'important',
  Completed: 'success',
  Cancelled: 'danger',
};

export function ClientServiceStatusBadge({ status }: { status: ClientServiceStatus }) {
  const icon = status === 'Completed' ? <CheckmarkCircleFilled /> : status === 'Cancelled' ? <DismissCircleRegular /> : undefined;
  return (
    <Badge appearance="tint" color={SERVICE_COLORS[status]} icon={icon} data-testid="client-service-status">
      {status}
    </Badge>
  );
}
