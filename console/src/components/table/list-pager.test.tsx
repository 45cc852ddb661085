import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListPager } from './list-pager';

function renderPager(page: number, total: number, onPage = vi.fn()) {
  render(
    <FluentProvider theme={webLightTheme}>
      <ListPager page={page} pageSize={20} total={total} noun="clients" onPage={onPage} />
    </FluentProvider>,
  );
  return onPage;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(cleanup);

describe('ListPager', () => {
  it('says which rows of how many are shown, and the page', () => {
    renderPager(2, 57);
    expect(screen.getByRole('navigation', { name: 'Pages of clients' })).toBeTruthy();
    expect(screen.getByTestId('pager-range').textContent).toBe('21–40 of 57 clients');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('moves a page back and forward', () => {
    const onPage = renderPager(2, 57);
    fireEvent.click(button('Previous page'));
    fireEvent.click(button('Next page'));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('has no previous page on the first and no next page on the last', () => {
    renderPager(1, 57);
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(false);
    cleanup();
    renderPager(3, 57);
    expect(screen.getByTestId('pager-range').textContent).toBe('41–57 of 57 clients');
    expect(button('Next page').disabled).toBe(true);
  });

  it('says when there is nothing, on a single page', () => {
    renderPager(1, 0);
    expect(screen.getByTestId('pager-range').textContent).toBe('No clients');
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(button('Next page').disabled).toBe(true);
  });
});
