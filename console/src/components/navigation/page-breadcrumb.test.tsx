import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageBreadcrumb } from './page-breadcrumb';

const TRAIL = [
  { label: 'Services', to: '/admin/services' },
  { label: 'Documents', to: '/admin/services/1' },
  { label: 'Visas', to: '/admin/services/2' },
  { label: 'Work', to: '/admin/services/3' },
];

/** jsdom has no matchMedia: answer the phone query as a viewport `width` wide would. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width: 639px/.test(query) && width <= 639,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderTrail() {
  render(
    <MemoryRouter>
      <PageBreadcrumb label="Category path" trail={TRAIL} current="Seasonal" />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Category path' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PageBreadcrumb', () => {
  it('links every level above the page, in order, and ends with the page itself, not a link', () => {
    viewport(1280);
    const nav = renderTrail();
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Services', 'Documents', 'Visas', 'Work']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(TRAIL.map((crumb) => crumb.to));
    const current = within(nav).getByText('Seasonal');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.closest('a')).toBeNull();
    expect(within(nav).getAllByRole('listitem').at(-1)?.textContent).toBe('Seasonal');
  });

  it('on a phone keeps the first and the nearest level and folds the ones between into a menu button', () => {
    viewport(390);
    const nav = renderTrail();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Services', 'Work']);
    expect(within(nav).getByRole('button', { name: '2 more levels' })).toBeTruthy();
    expect(within(nav).getByText('Seasonal').getAttribute('aria-current')).toBe('page');
  });

  it('does not fold a short trail on a phone', () => {
    viewport(390);
    render(
      <MemoryRouter>
        <PageBreadcrumb trail={TRAIL.slice(0, 2)} current="Visas" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getAllByRole('link')).toHaveLength(2);
    expect(within(nav).queryByRole('button')).toBeNull();
  });
});
