import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAtEdit } from '../test/component-test-kit';
import { UNSAVED_TITLE, UnsavedChangesGuard } from './unsaved-changes-guard';

function EditScreen() {
  const [name, setName] = useState('');
  return (
    <>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <UnsavedChangesGuard when={name !== ''} />
    </>
  );
}

const renderEditScreen = () => renderAtEdit(<EditScreen />);

afterEach(cleanup);

describe('UnsavedChangesGuard', () => {
  it('lets a clean form go without asking', () => {
    const router = renderEditScreen();
    fireEvent.click(screen.getByText('Elsewhere'));
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByText(UNSAVED_TITLE)).toBeNull();
  });

  it('asks before leaving a changed form: Keep editing stays with the changes', async () => {
    const router = renderEditScreen();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByText('Elsewhere'));
    expect(await screen.findByText(UNSAVED_TITLE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edit');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/edit');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ann');
  });

  it('asks before leaving a changed form: Discard leaves', async () => {
    const router = renderEditScreen();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByText('Elsewhere'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks the browser before the tab closes only while the form is changed', () => {
    renderEditScreen();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    expect(unload()).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    expect(unload()).toBe(false);
  });
});
