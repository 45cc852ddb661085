import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, type KafkaContext } from '@nestjs/microservices';
import { CATALOGUE_SERVICE_TOPIC } from '@backoffice/contracts';
import { topicName } from '@backoffice/platform';
import { CatalogueReadModel } from './catalogue-read-model.service';
import { mapCatalogueMessage } from './catalogue-service.mapping';

/**
 * Feeds the read model from catalogue.service.v1 (Nest Kafka transport, see orders.consumers.ts).
 * The topic name carries the stack's prefix, read when this file loads (the environment is set by then).
 * A failure of the database rejects the handler, so Kafka redelivers; an unreadable message is skipped.
 */
@Controller()
export class CatalogueServiceConsumer {
  constructor(private readonly readModel: CatalogueReadModel) {}

  @EventPattern(topicName(CATALOGUE_SERVICE_TOPIC))
  async onServiceState(@Ctx() context: KafkaContext): Promise<void> {
    const message = context.getMessage() as unknown as { key: string | null; value: unknown };
    await this.readModel.apply(mapCatalogueMessage(message.key, message.value));
  }
}
