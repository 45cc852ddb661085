import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';

/** jsdom has no ResizeObserver; Fluent's MessageBar measures itself with one. For a test file's beforeAll. */
export function stubResizeObserver(): void {
  if (!('ResizeObserver' in window)) {
    Object.assign(window, {
      ResizeObserver: class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
  }
}

/**
 * Renders `element` as the screen at /edit of a memory router, beside an "Elsewhere screen" at /elsewhere for the
 * test to navigate to, inside Fluent's provider. Answers the router (its state says where the user is).
 */
export function renderAtEdit(element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element },
      { path: '/elsewhere', element: <h1>Elsewhere screen</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>,
  );
  return router;
}
