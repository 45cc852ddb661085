import { Button, FluentProvider, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '../test/component-test-kit';
import { ConfirmProvider, useConfirm } from './confirm-provider';
import { focusOrigin, returnFocusTo } from './focus-return';

function RowMenu() {
  const confirm = useConfirm();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button aria-label="More actions for Ann Lee">⋯</Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={() => void confirm('Are you sure to delete this client?')}>Delete</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

describe('focus after a question', () => {
  beforeAll(stubResizeObserver);
  afterEach(cleanup);

  it('names the button of the menu whose item has focus, and what has focus otherwise', () => {
    document.body.innerHTML = `
      <button id="trigger">⋯</button>
      <div role="menu" aria-labelledby="trigger"><div role="menuitem" tabindex="0" id="item">Delete</div></div>
      <button id="plain">Delete</button>`;
    document.getElementById('item')!.focus();
    expect(focusOrigin()?.id).toBe('trigger');
    document.getElementById('plain')!.focus();
    expect(focusOrigin()?.id).toBe('plain');
    (document.activeElement as HTMLElement).blur();
    expect(focusOrigin()).toBeNull();
  });

  it('gives focus back only when it was lost to the page, and not to what left the page', async () => {
    document.body.innerHTML = `<button id="origin">Delete</button><input id="other" />`;
    const origin = document.getElementById('origin')!;
    returnFocusTo(origin);
    await waitFor(() => expect(document.activeElement).toBe(origin));

    document.getElementById('other')!.focus();
    returnFocusTo(origin);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement?.id).toBe('other');

    (document.activeElement as HTMLElement).blur();
    origin.remove();
    returnFocusTo(origin);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(document.body);
  });

  it('gives focus to what took the origin’s place when it was rendered anew (same tag and label), and to nothing ambiguous', async () => {
    document.body.innerHTML = `<button id="old" aria-label="Delete Ann Lee">Delete</button>`;
    const origin = document.getElementById('old')!;
    document.body.innerHTML = `<button aria-label="Delete Ann Lee">Delete</button><button aria-label="Delete Bo">Delete</button>`;
    returnFocusTo(origin);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Delete Ann Lee'));

    (document.activeElement as HTMLElement).blur();
    document.body.innerHTML = `<button aria-label="Delete Ann Lee">Delete</button><button aria-label="Delete Ann Lee">Delete</button>`;
    returnFocusTo(origin);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(document.body);
  });

  it('a question asked from a row menu gives focus back to the menu button when it closes', async () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <ConfirmProvider>
          <RowMenu />
        </ConfirmProvider>
      </FluentProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'More actions for Ann Lee' });
    fireEvent.click(trigger);
    const item = await screen.findByRole('menuitem', { name: 'Delete' });
    item.focus();
    fireEvent.click(item);
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    act(() => cancel.focus());
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByText('Are you sure to delete this client?')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
