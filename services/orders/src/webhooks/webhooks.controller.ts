import { Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import {
  CreateWebhookSubscriptionSchema,
  ReplayWebhookSchema,
  UpdateWebhookSubscriptionSchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  WebhookDeliveryPageSchema,
  WebhookDeliveryQuerySchema,
  WebhookDeliverySchema,
  WebhookEventTypesSchema,
  WebhookReplayResultSchema,
  WebhookSubscriptionSchema,
  WebhookSubscriptionWithSecretSchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult, CurrentUser, type CurrentUserData } from '@backoffice/platform';
import { WebhooksService } from './webhooks.service';

class CreateWebhookSubscriptionDto extends createZodDto(CreateWebhookSubscriptionSchema) {}
class UpdateWebhookSubscriptionDto extends createZodDto(UpdateWebhookSubscriptionSchema) {}
class ReplayWebhookDto extends createZodDto(ReplayWebhookSchema) {}
class WebhookDeliveryQueryDto extends createZodDto(WebhookDeliveryQuerySchema) {}
class UuidParams extends createZodDto(z.object({ id: z.uuid('The id must be a UUID.') })) {}

/**
 * Webhook subscriptions and their deliveries: Admin, or an API client with `webhooks:manage`. A subscription belongs
 * to whoever made it: an Admin sees and changes every one, an API client only its own (another's answers 404).
 */
@ApiController({ tag: 'webhooks', path: 'api/webhooks', roles: ['Admin'], scopes: ['webhooks:manage'] })
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  /** The topics a subscription may name and the event types each carries. */
  @Get('event-types')
  @ApiResult(WebhookEventTypesSchema, { summary: 'List the topics and event types a webhook can subscribe to' })
  eventTypes() {
    return { topics: WEBHOOK_EVENT_TYPES, testEventType: WEBHOOK_TEST_EVENT_TYPE };
  }

  @Get('subscriptions')
  @ApiResult(z.array(WebhookSubscriptionSchema), { summary: 'List webhook subscriptions' })
  list(@CurrentUser() user: CurrentUserData) {
    return this.webhooks.list(user);
  }

  /** 201 with the subscription and its signing secret, shown only here. */
  @Post('subscriptions')
  @ApiResult(WebhookSubscriptionWithSecretSchema, { status: 201, summary: 'Create a webhook subscription (its secret is shown once)' })
  create(@Body() body: CreateWebhookSubscriptionDto, @CurrentUser() user: CurrentUserData) {
    return this.webhooks.create(user, body);
  }

  @Get('subscriptions/:id')
  @ApiResult(WebhookSubscriptionSchema, { summary: 'Get a webhook subscription' })
  get(@Param() params: UuidParams, @CurrentUser() user: CurrentUserData) {
    return this.webhooks.get(user, params.id);
  }

  @Put('subscriptions/:id')
  @ApiResult(WebhookSubscriptionSchema, { summary: 'Change a webhook subscription (URL, event types, enabled)' })
  update(@Param() params: UuidParams, @Body() body: UpdateWebhookSubscriptionDto, @CurrentUser() user: CurrentUserData) {
    return this.webhooks.update(user, params.id, body);
  }

  @Delete('subscriptions/:id')
  @ApiResult(null, { status: 204, summary: 'Delete a webhook subscription and its delivery log' })
  @HttpCode(204)
  remove(@Param() params: UuidParams, @CurrentUser() user: CurrentUserData) {
    return this.webhooks.remove(user, params.id);
  }

  /** 202: a `webhook.test` event is on its way; its delivery is in the log. */
  @Post('subscriptions/:id/test')
  @ApiResult(WebhookDeliverySchema, { status: 202, summary: 'Send a test event to a webhook subscription' })
  @HttpCode(202)
  test(@Param() params: UuidParams, @CurrentUser() user: CurrentUserData) {
    return this.webhooks.sendTest(user, params.id);
  }

  /** 202: the subscription's events from `from` on (as far back as Kafka keeps them) are queued for delivery again. */
  @Post('subscriptions/:id/replay')
  @ApiResult(WebhookReplayResultSchema, { status: 202, summary: 'Replay the events of a webhook subscription from a point in time' })
  @HttpCode(202)
  replay(@Param() params: UuidParams, @Body() body: ReplayWebhookDto, @CurrentUser() user: CurrentUserData) {
    return this.webhooks.replay(user, params.id, new Date(body.from));
  }

  /** The delivery log, newest first, each with its attempts. */
  @Get('subscriptions/:id/deliveries')
  @ApiResult(WebhookDeliveryPageSchema, { summary: 'List the deliveries of a webhook subscription with their attempts' })
  deliveries(@Param() params: UuidParams, @Query() query: WebhookDeliveryQueryDto, @CurrentUser() user: CurrentUserData) {
    return this.webhooks.deliveries(user, params.id, query);
  }

  /** 202: the event is sent again as a new delivery with the same webhook-id. */
  @Post('deliveries/:id/resend')
  @ApiResult(WebhookDeliverySchema, { status: 202, summary: 'Send a webhook delivery again' })
  @HttpCode(202)
  resend(@Param() params: UuidParams, @CurrentUser() user: CurrentUserData) {
    return this.webhooks.resend(user, params.id);
  }
}
