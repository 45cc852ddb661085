import {
  CLIENT_SERVICE_PROGRESS,
  isStatusCorrection,
  ORDERS_PATHS,
  type ClientServiceDetail,
  type ClientServiceFile,
  type ClientServiceSummary,
  type ServiceTransaction,
} from '@backoffice/contracts';
import type { ClientServiceEntity } from './client-service.entity';
import type { ClientServiceFileEntity } from './client-service-file.entity';
import type { ServiceTransactionEntity } from './service-transaction.entity';
import type { OrderEntity } from '../orders/order.entity';
import type { CatalogueServiceEntity } from '../catalogue-read-model/catalogue-service.entity';

export function toClientServiceSummary(cs: ClientServiceEntity): ClientServiceSummary {
  return {
    id: cs.id,
    orderId: cs.orderId,
    serviceId: cs.serviceId,
    serviceName: cs.serviceName,
    status: cs.status,
    createdDate: cs.createdDate.toISOString(),
    branchId: cs.branchId,
    branchName: cs.branchName,
    providerId: cs.providerId,
    providerName: cs.providerName,
  };
}

export function toClientServiceFile(file: ClientServiceFileEntity): ClientServiceFile {
  return {
    id: file.id,
    kind: file.kind,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    requiredFileId: file.requiredFileId,
    url: ORDERS_PATHS.clientServiceFile(file.clientServiceId, file.id),
    createdAt: file.createdAt.toISOString(),
  };
}

export function toServiceTransaction(
  record: ServiceTransactionEntity,
  filesById: ReadonlyMap<string, ClientServiceFileEntity>,
): ServiceTransaction {
  return {
    id: record.id,
    clientServiceId: record.clientServiceId,
    serviceId: record.serviceId,
    status: record.status,
    previousStatus: record.previousStatus,
    correction: isStatusCorrection(record.previousStatus, record.status),
    note: record.note,
    files: record.files.flatMap((id) => {
      const file = filesById.get(id);
      return file ? [toClientServiceFile(file)] : [];
    }),
    date: record.date.toISOString(),
    actorId: record.actorId,
    actorName: record.actorName,
  };
}

export function toClientServiceDetail(parts: {
  cs: ClientServiceEntity;
  order: OrderEntity | null;
  service: CatalogueServiceEntity | undefined;
  files: ClientServiceFileEntity[];
  transactions: ServiceTransactionEntity[];
}): ClientServiceDetail {
  const { cs, order, service, files, transactions } = parts;
  const documents = files.filter((file) => file.kind === 'document');
  const byId = new Map(files.map((file) => [file.id, file]));
  return {
    ...toClientServiceSummary(cs),
    userId: cs.userId,
    clientName: order?.name ?? '',
    clientPhone: order?.contactInfo ?? '',
    clientEmail: order?.email ?? null,
    deliveryType: service?.deliveryType ?? cs.deliveryType,
    fulfillmentDate: cs.fulfillmentDate?.toISOString() ?? null,
    fulfillmentDuration: cs.fulfillmentDuration,
    progress: CLIENT_SERVICE_PROGRESS[cs.status],
    jsonData: cs.jsonData,
    requiredFiles: (service?.requiredFiles ?? []).map((required) => ({
      ...required,
      uploaded: documents.some((file) => file.requiredFileId === required.id),
    })),
    files: documents.map(toClientServiceFile),
    transactions: transactions.map((record) => toServiceTransaction(record, byId)),
  };
}
