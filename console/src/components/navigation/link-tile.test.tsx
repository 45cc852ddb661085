import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkTile } from './link-tile';

afterEach(cleanup);

describe('LinkTile', () => {
  it('is named by its visible title and described by its visible line, with no aria-label that differs from the text shown', () => {
    render(
      <MemoryRouter>
        <FluentProvider theme={webLightTheme}>
          <LinkTile to="/admin/services" icon={<span />} title="Services" description="Categories, services and prices." />
        </FluentProvider>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Services' });
    // axe label-content-name-mismatch (WCAG 2.5.3): an aria-label must hold the visible text, title and line both.
    expect(link.getAttribute('aria-label')).toBeNull();
    expect(link.getAttribute('title')).toBeNull();
    // Chromium names a link from its content only through children without a role of their own (a Card is a group).
    expect(link.querySelector('[role="group"]')).toBeNull();
    const described = document.getElementById(link.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Categories, services and prices.');
  });
});
