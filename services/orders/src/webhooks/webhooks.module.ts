import { WebhookReplay } from './webhook-replay.service';
import { Module } from '@nestjs/common';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookEventsConsumer } from './webhook-events.consumer';
import { WebhookStore } from './webhook.store';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Signed webhooks: subscriptions, the event consumer with its own group, the delivery worker (GET/POST /api/webhooks/...). */
@Module({
  controllers: [WebhooksController],
  providers: [WebhookStore, WebhookDeliveryWorker, WebhookEventsConsumer, WebhookReplay, WebhooksService],
})
export class WebhooksModule {}
