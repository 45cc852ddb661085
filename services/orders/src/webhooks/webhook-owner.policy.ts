/** Who calls the webhook routes: an Admin, or an API client with `webhooks:manage` (`id` is the client's id). */
export interface WebhookCaller {
  id: string;
  roles: readonly string[];
}

/**
 * Whose subscriptions a caller sees and changes: an Admin every one (undefined: no owner filter), anyone else only
 * those they made themselves (the subscription's `created_by`). Another's subscription answers 404, as if absent.
 */
export function webhookOwnerFilter(caller: WebhookCaller): string | undefined {
  return caller.roles.includes('Admin') ? undefined : caller.id;
}
