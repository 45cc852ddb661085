import { IDENTITY_PATHS } from '@backoffice/contracts';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revalidateUnder, useApi } from './use-api';

function Answer({ path }: { path: string }) {
  const { data } = useApi<string>(path);
  return <p>{data ?? 'loading'}</p>;
}

const { users: USERS, clients: CLIENTS } = IDENTITY_PATHS;

afterEach(cleanup);

describe('revalidateUnder', () => {
  it('asks again for every cached key under the path, and for no other', async () => {
    let round = 0;
    const fetcher = vi.fn((path: string) => Promise.resolve(`${path} #${round}`));
    render(
      <SWRConfig value={{ fetcher, dedupingInterval: 0 }}>
        <Answer path={`${USERS}?page=1`} />
        <Answer path={`${USERS}/7/roles`} />
        <Answer path={CLIENTS} />
      </SWRConfig>,
    );
    await waitFor(() => expect(screen.getByText(`${CLIENTS} #0`)).toBeTruthy());
    round = 1;
    await act(() => revalidateUnder(USERS));
    expect(screen.getByText(`${USERS}?page=1 #1`)).toBeTruthy();
    expect(screen.getByText(`${USERS}/7/roles #1`)).toBeTruthy();
    expect(screen.getByText(`${CLIENTS} #0`)).toBeTruthy();
  });
});
