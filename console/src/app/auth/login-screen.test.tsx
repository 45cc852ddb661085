import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@backoffice/contracts';
import { AuthContext, type AuthContextValue } from '../../components/auth';
import { stubResizeObserver } from '../../components/test/component-test-kit';
import LoginScreen from './login-screen';

const admin: AuthUser = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada', email: 'ada@example.com', roles: ['Admin'] };

function renderLogin(auth: Partial<AuthContextValue>, preload = vi.fn()) {
  const value: AuthContextValue = {
    status: 'anonymous',
    user: null,
    endReason: null,
    login: vi.fn(),
    logout: vi.fn(),
    hasRole: () => false,
    ...auth,
  };
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <LoginScreen preload={preload} /> },
      { path: '/admin/users', element: <h1>Users screen</h1> },
    ],
    { initialEntries: ['/auth/login?next=%2Fadmin%2Fusers'] },
  );
  render(
    <FluentProvider theme={webLightTheme}>
      <AuthContext.Provider value={value}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </FluentProvider>,
  );
  return { value, preload, router };
}

beforeAll(stubResizeObserver);
afterEach(cleanup);

describe('LoginScreen', () => {
  it('starts loading the screen that follows ("next") once the form has focus, once', async () => {
    const { preload } = renderLogin({});
    const username = await screen.findByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(document.activeElement).toBe(username));
    fireEvent.focus(screen.getByLabelText('Password'));
    expect(preload.mock.calls).toEqual([['/admin/users']]);
  });

  it("checks the form with the API's schema (loaded after the first paint) before asking the server", async () => {
    const { value } = renderLogin({});
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Username' })));
    expect(value.login).not.toHaveBeenCalled();
  });

  it('signs in with the trimmed username, loading the next screen meanwhile, then goes there', async () => {
    let signIn: (user: AuthUser) => void = () => undefined;
    const login = vi.fn(() => new Promise<AuthUser>((resolve) => (signIn = resolve)));
    const { preload } = renderLogin({ login });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Username' }), { target: { value: ' ada@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeTruthy();
    expect(login).toHaveBeenCalledWith('ada@example.com', 'secret');
    expect(preload).toHaveBeenLastCalledWith('/admin/users');
    await act(async () => signIn(admin)); // the session provider then redirects (the next test)
  });

  it('sends a signed-in user on to "next" without showing the form', async () => {
    const { router, preload } = renderLogin({ status: 'authenticated', user: admin });
    expect(await screen.findByRole('heading', { name: 'Users screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(preload).toHaveBeenCalledWith('/admin/users');
  });

  it('shows a spinner, not the form, while the session is being restored', () => {
    renderLogin({ status: 'restoring' });
    expect(screen.getByTestId('page-spinner')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();
  });
});
