import { useEffect } from 'react';
import { Badge, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { BeakerRegular } from '@fluentui/react-icons';
import type { SettlementStatus } from '@backoffice/contracts';
import { ApiError } from '../../components/api';
import { useRuntimeConfig } from '../../components/config';

/** The problem code of the settlement endpoints when neither credentials nor the simulator are set. */
export const NOT_CONFIGURED = 'settlement_not_configured';

/**
 * How card settlement is served, from /api/config. An `unknown` answer (the payments service was down when the
 * configuration was read) is asked again when a settlement view opens.
 */
export function useSettlementStatus(): SettlementStatus | undefined {
  const { config, reload } = useRuntimeConfig();
  const mode = config?.settlement?.mode;
  useEffect(() => {
    if (mode === 'unknown') void reload();
  }, [mode, reload]);
  return config?.settlement;
}

/** True when a settlement request was refused because settlement is not configured. */
export const isNotConfigured = (error: unknown) => error instanceof ApiError && error.code === NOT_CONFIGURED;

/** "Simulated data" on every settlement view while the payments service reads the Authorize.Net simulator. */
export function SimulatedDataBadge({ status }: { status: SettlementStatus | undefined }) {
  if (status?.mode !== 'simulated') return null;
  return (
    <Badge
      appearance="filled"
      color="warning"
      icon={<BeakerRegular />}
      title="These batches and transactions come from the Authorize.Net simulator, not from a real account."
      data-testid="simulated-data"
    >
      Simulated data
    </Badge>
  );
}

/** What an operator has to set for card settlement to work. */
export function NotConfiguredMessage({ detail }: { detail?: string }) {
  return (
    <MessageBar intent="warning" layout="multiline" style={{ marginBottom: tokens.spacingVerticalL }}>
      <MessageBarBody>
        <MessageBarTitle>Card settlement is not configured</MessageBarTitle>
        {detail?.replace(/^Card settlement is not configured:\s*(.)/, (_, first: string) => first.toUpperCase()) ??
          'Set AUTHNET_API_LOGIN_ID and AUTHNET_TRANSACTION_KEY (the Authorize.Net API login id and transaction key) on the payments service, or AUTHNET_SIMULATOR=true for simulated demo data.'}
      </MessageBarBody>
    </MessageBar>
  );
}
