import { Inject, Injectable, Logger } from '@nestjs/common';
import { APIContracts, APIControllers, type Controller, type SdkConfig } from 'authorizenet';
import { config as sdkDefaults } from 'authorizenet/lib/config';
import { DomainError, SERVICE_CONFIG } from '@backoffice/platform';
import { settlementSetup, type AuthNetTarget, type PaymentsConfig, type SettlementSetup } from '../payments.config';

type Json = Record<string, unknown>;

/** A failed provider call: a 502 (504 for no answer in time) whose message names the provider's code. */
export class ProviderError extends DomainError {
  constructor(
    readonly providerCode: string,
    message: string,
    status = 502,
  ) {
    super('provider_error', message, status);
  }
}

/** Neither credentials nor the simulator: 503 naming what to set. */
export class SettlementNotConfiguredError extends DomainError {
  constructor(detail: string) {
    super('settlement_not_configured', detail, 503);
  }
}

/** Raw provider result: the JSON answer or what went wrong on the way (for classify()). */
export type RawOutcome = { response: unknown } | { error: unknown } | { timedOut: true };

/**
 * Turns what the SDK produced into the provider's JSON answer, or a ProviderError naming the code:
 * the provider's own (E00007…) for an error answer, the HTTP status for an error page, the network
 * code (ECONNREFUSED…) when it cannot be reached, TIMEOUT when it did not answer in time.
 */
export function classify(outcome: RawOutcome, timeoutMs: number): Json {
  if ('timedOut' in outcome) {
    return fail('TIMEOUT', `Authorize.Net did not answer within ${Math.round(timeoutMs / 100) / 10} s (TIMEOUT). Try again later.`, 504);
  }
  if ('error' in outcome) {
    const error = outcome.error as { code?: string; message?: string; response?: { status?: number; data?: unknown } };
    if (error?.response?.status) {
      const status = error.response.status;
      const parsed = parseBody(error.response.data);
      const providerError = parsed && providerMessage(parsed);
      if (providerError) return fail(providerError.code, `Authorize.Net refused the request: ${providerError.code} ${providerError.text}`);
      return fail(`HTTP ${status}`, `Authorize.Net answered with an error page (HTTP ${status}) instead of its API. Try again later.`);
    }
    if (error?.code === 'ECONNABORTED' || error?.code === 'ETIMEDOUT' || /timeout/i.test(error?.message ?? '')) {
      return fail('TIMEOUT', `Authorize.Net did not answer within ${Math.round(timeoutMs / 100) / 10} s (TIMEOUT). Try again later.`, 504);
    }
    const code = error?.code ?? 'NETWORK';
    return fail(code, `Authorize.Net could not be reached (${code}). Try again later.`);
  }
  const body = parseBody(outcome.response);
  if (!body) return fail('INVALID_RESPONSE', 'Authorize.Net answered with something other than its API (an HTML page?). Try again later.');
  const messages = body.messages as { resultCode?: string } | undefined;
  if (!messages || typeof messages.resultCode !== 'string') {
    return fail('INVALID_RESPONSE', 'Authorize.Net answered without a result code. Try again later.');
  }
  if (messages.resultCode !== 'Ok') {
    const providerError = providerMessage(body) ?? { code: 'ERROR', text: 'The request failed.' };
    const hint = providerError.code === 'E00007' ? ' Check AUTHNET_API_LOGIN_ID and AUTHNET_TRANSACTION_KEY.' : '';
    return fail(providerError.code, `Authorize.Net refused the request: ${providerError.code} ${providerError.text}${hint}`);
  }
  return body;
}

function fail(code: string, message: string, status = 502): never {
  throw new ProviderError(code, message, status);
}

function parseBody(data: unknown): Json | null {
  if (data && typeof data === 'object' && !Array.isArray(data)) return data as Json;
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data.replace(/^\uFEFF/, ''));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : null;
  } catch {
    return null;
  }
}

function providerMessage(body: Json): { code: string; text: string } | null {
  const list = (body.messages as { message?: unknown } | undefined)?.message;
  const first = (Array.isArray(list) ? list[0] : list) as { code?: unknown; text?: unknown } | undefined;
  if (!first || typeof first.code !== 'string') return null;
  return { code: first.code, text: typeof first.text === 'string' ? first.text : '' };
}

/** Calls Authorize.Net's reporting API through the official SDK, with a hard time bound. */
@Injectable()
export class AuthNetClient {
  private readonly logger = new Logger('AuthNetClient');
  readonly setup: SettlementSetup;
  private readonly timeoutMs: number;
  private readonly sdkConfig: SdkConfig;

  constructor(@Inject(SERVICE_CONFIG) config: PaymentsConfig) {
    const setup = (this.setup = settlementSetup(config));
    if (setup.mode === 'not_configured') this.logger.warn(setup.detail);
    else if (setup.mode === 'live') this.logger.log(`Card settlement: Authorize.Net at ${setup.target.endpoint}`);
    else this.logger.warn(`Card settlement: SIMULATED data from the Authorize.Net simulator at ${setup.target.endpoint}`);
    this.timeoutMs = config.AUTHNET_TIMEOUT_MS;
    // The SDK's axios timeout as a first bound; our own timer below is the guarantee.
    this.sdkConfig = { ...sdkDefaults, timeout: this.timeoutMs, logger: { ...sdkDefaults.logger, enabled: false } };
  }

  /** Where calls go; throws SettlementNotConfiguredError when nowhere. */
  configuredTarget(): AuthNetTarget {
    if (this.setup.mode === 'not_configured') throw new SettlementNotConfiguredError(this.setup.detail);
    return this.setup.target;
  }

  async settledBatchList(firstSettlementDate: string, lastSettlementDate: string): Promise<Json> {
    const request = new APIContracts.GetSettledBatchListRequest();
    request.setMerchantAuthentication(this.merchant());
    request.setIncludeStatistics(true);
    request.setFirstSettlementDate(firstSettlementDate);
    request.setLastSettlementDate(lastSettlementDate);
    return this.run(new APIControllers.GetSettledBatchListController(request.getJSON(), this.sdkConfig), 'getSettledBatchList');
  }

  async transactionList(batchId: string, page: number, limit: number): Promise<Json> {
    const request = new APIContracts.GetTransactionListRequest();
    request.setMerchantAuthentication(this.merchant());
    request.setBatchId(batchId);
    const sorting = new APIContracts.TransactionListSorting();
    sorting.setOrderBy(APIContracts.TransactionListOrderFieldEnum.SUBMITTIMEUTC);
    sorting.setOrderDescending(false);
    request.setSorting(sorting);
    const paging = new APIContracts.Paging();
    paging.setLimit(limit);
    paging.setOffset(page);
    request.setPaging(paging);
    return this.run(new APIControllers.GetTransactionListController(request.getJSON(), this.sdkConfig), 'getTransactionList');
  }

  private merchant() {
    const auth = new APIContracts.MerchantAuthenticationType();
    auth.setName(this.configuredTarget().loginId);
    auth.setTransactionKey(this.configuredTarget().transactionKey);
    return auth;
  }

  /** The SDK calls back only on success: poll its error slot, and give up at the deadline. */
  private async run(controller: Controller, operation: string): Promise<Json> {
    controller.setEnvironment(this.configuredTarget().endpoint);
    const started = Date.now();
    const outcome = await new Promise<RawOutcome>((resolve) => {
      let done = false;
      const finish = (value: RawOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        clearInterval(watch);
        resolve(value);
      };
      const deadline = setTimeout(() => finish({ timedOut: true }), this.timeoutMs);
      const watch = setInterval(() => {
        const error = controller.getError();
        if (error) finish({ error });
      }, 25);
      try {
        controller.execute(() => finish({ response: controller.getResponse() }));
      } catch (error) {
        finish({ error });
      }
    });
    try {
      return classify(outcome, this.timeoutMs);
    } catch (error) {
      this.logger.warn(`${operation} failed after ${Date.now() - started} ms: ${(error as Error).message}`);
      throw error;
    }
  }
}
