// The parts of the authorizenet SDK (1.0.x) the settlement client uses (the package ships no types).
declare module 'authorizenet' {
  export interface SdkConfig {
    timeout: number;
    clientId: string;
    logger: { enabled: boolean; location: string; level: string };
    proxy: { setProxy: boolean; proxyUrl: string };
  }

  interface Request {
    setMerchantAuthentication(auth: MerchantAuthenticationType): void;
    setRefId(refId: string): void;
    getJSON(): Record<string, unknown>;
  }

  export namespace APIContracts {
    class MerchantAuthenticationType {
      setName(name: string): void;
      setTransactionKey(key: string): void;
    }
    class Paging {
      setLimit(limit: number): void;
      setOffset(offset: number): void;
    }
    class TransactionListSorting {
      setOrderBy(orderBy: string): void;
      setOrderDescending(descending: boolean): void;
    }
    class GetSettledBatchListRequest implements Request {
      setMerchantAuthentication(auth: MerchantAuthenticationType): void;
      setRefId(refId: string): void;
      getJSON(): Record<string, unknown>;
      setIncludeStatistics(include: boolean): void;
      setFirstSettlementDate(date: string): void;
      setLastSettlementDate(date: string): void;
    }
    class GetTransactionListRequest implements Request {
      setMerchantAuthentication(auth: MerchantAuthenticationType): void;
      setRefId(refId: string): void;
      getJSON(): Record<string, unknown>;
      setBatchId(batchId: string): void;
      setPaging(paging: Paging): void;
      setSorting(sorting: TransactionListSorting): void;
    }
    const TransactionListOrderFieldEnum: { ID: string; SUBMITTIMEUTC: string };
  }

  export interface Controller {
    setEnvironment(endpoint: string): void;
    execute(callback: () => void): void;
    getResponse(): unknown;
    getError(): unknown;
  }

  export namespace APIControllers {
    class GetSettledBatchListController implements Controller {
      constructor(request: Record<string, unknown>, config?: SdkConfig);
      setEnvironment(endpoint: string): void;
      execute(callback: () => void): void;
      getResponse(): unknown;
      getError(): unknown;
    }
    class GetTransactionListController implements Controller {
      constructor(request: Record<string, unknown>, config?: SdkConfig);
      setEnvironment(endpoint: string): void;
      execute(callback: () => void): void;
      getResponse(): unknown;
      getError(): unknown;
    }
  }

  export const Constants: { endpoint: { sandbox: string; production: string } };
}

declare module 'authorizenet/lib/config' {
  import type { SdkConfig } from 'authorizenet';
  export const config: SdkConfig;
}
