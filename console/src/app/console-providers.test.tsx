import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import useSWR, { mutate } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../components/api/session-store';
import { useConfirm } from '../components/feedback';
import ConsoleProviders from './console-providers';

/** Any key: the cache holds whatever it was given. */
const PROBE = 'probe';

function Probe() {
  const { data } = useSWR<string>(PROBE, null);
  useConfirm(); // throws outside the providers
  return <p>{data ?? 'nothing cached'}</p>;
}

afterEach(cleanup);

describe('ConsoleProviders', () => {
  it('gives the signed-in routes the data cache and dialogs, and forgets every cached answer when the session ends', async () => {
    act(() =>
      sessionStore.start({
        accessToken: 'token',
        expiresIn: 900,
        user: { id: 'u', name: 'Ada', email: 'ada@example.com', roles: ['Admin'] },
      }),
    );
    const router = createMemoryRouter([{ element: <ConsoleProviders />, children: [{ path: '/', element: <Probe /> }] }]);
    render(
      <FluentProvider theme={webLightTheme}>
        <RouterProvider router={router} />
      </FluentProvider>,
    );
    await act(() => mutate(PROBE, 'the first user’s answer', { revalidate: false }));
    expect(screen.getByText('the first user’s answer')).toBeTruthy();
    await act(async () => sessionStore.end('logout'));
    expect(screen.getByText('nothing cached')).toBeTruthy();
  });
});
