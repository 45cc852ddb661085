import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { renderAtEdit, stubResizeObserver } from '../test/component-test-kit';
import { FormDialog } from './form-dialog';
import { UNSAVED_TITLE } from './unsaved-changes-guard';
import { useFormState } from './use-form-state';

const REQUIRED = 'Name is required.';

/** A one-field form on the shared foundation, saving through `save`. */
function NameDialog({ save, onDismiss }: { save(name: string): Promise<void>; onDismiss(): void }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const form = useFormState({ fields: ['name', 'price'] as const, errors: name.trim() ? {} : { name: REQUIRED } });
  return (
    <FormDialog
      title="Add thing"
      onDismiss={onDismiss}
      onSubmit={(event) => void form.submit(event, () => save(name))}
      submitLabel="Create"
      busy={form.saving}
      dirty={name !== '' || price !== ''}
      formError={form.formError}
      formRef={form.formRef}
    >
      <label>
        Name
        <input
          autoFocus
          value={name}
          aria-invalid={form.errorOf('name') ? true : undefined}
          onChange={(event) => {
            setName(event.target.value);
            form.edit('name');
          }}
          onBlur={() => form.blur('name')}
        />
      </label>
      {form.errorOf('name') && <p>{form.errorOf('name')}</p>}
      <label>
        Price
        <input
          value={price}
          placeholder="0.00"
          onChange={(event) => {
            setPrice(event.target.value);
            form.edit('price');
          }}
          onBlur={() => form.blur('price')}
        />
      </label>
      {form.errorOf('price') && <p>{form.errorOf('price')}</p>}
      {/* A dropdown whose list is open. */}
      <button type="button" aria-haspopup="listbox" aria-expanded="true">
        Kind
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </FormDialog>
  );
}

function renderDialog(save = vi.fn(async () => {}), onDismiss = vi.fn()) {
  const router = renderAtEdit(<NameDialog save={save} onDismiss={onDismiss} />);
  return { router, save, onDismiss };
}

const nameBox = () => screen.getByLabelText('Name') as HTMLInputElement;
const problem = (status: number, detail: string, errors?: { path: string; message: string }[]) =>
  new ApiError({ type: 'about:blank', title: 'Refused', status, detail, errors });

beforeAll(stubResizeObserver);

afterEach(cleanup);

describe('FormDialog with useFormState: when errors show', () => {
  it('shows no error when it opens, nor when focus only passes through a field', async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Add thing' })).toBeTruthy();
    fireEvent.focus(nameBox());
    fireEvent.blur(nameBox());
    expect(screen.queryByText(REQUIRED)).toBeNull();
  });

  it('flags a field the user emptied once they leave it', () => {
    renderDialog();
    fireEvent.change(nameBox(), { target: { value: 'A' } });
    expect(screen.queryByText(REQUIRED)).toBeNull();
    fireEvent.change(nameBox(), { target: { value: '' } });
    expect(screen.queryByText(REQUIRED)).toBeNull();
    fireEvent.blur(nameBox());
    expect(screen.getByText(REQUIRED)).toBeTruthy();
  });

  it('flags every wrong field on submit and does not save', async () => {
    const { save } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows a server field error on its field until the field changes', async () => {
    const save = vi.fn(async () => {
      throw problem(400, 'Invalid', [{ path: 'price', message: 'Price must be above 0.' }]);
    });
    renderDialog(save);
    fireEvent.change(nameBox(), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Price must be above 0.')).toBeTruthy();
    expect(screen.queryByTestId('form-error')).toBeNull();
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '5' } });
    expect(screen.queryByText('Price must be above 0.')).toBeNull();
  });

  it('shows a failure that belongs to no field inside the dialog', async () => {
    const save = vi.fn(async () => {
      throw problem(503, 'The catalogue is not answering.');
    });
    renderDialog(save);
    fireEvent.change(nameBox(), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const bar = await screen.findByTestId('form-error');
    expect(bar.textContent).toContain('The catalogue is not answering.');
    expect(screen.getByRole('dialog', { name: 'Add thing' }).contains(bar)).toBe(true);
  });

  it('has a ✕ and closes on Escape', async () => {
    const { onDismiss } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(nameBox(), { key: 'Escape' });
    await waitFor(() => expect(onDismiss).toHaveBeenCalledTimes(2));
  });

  it('leaves Escape to an open dropdown: its list closes, the dialog stays', async () => {
    const { onDismiss } = renderDialog();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Kind' }), { key: 'Escape' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(nameBox(), { key: 'Escape' });
    await waitFor(() => expect(onDismiss).toHaveBeenCalledTimes(1));
  });
});

describe('FormDialog: unsaved changes', () => {
  it('leaves without asking while nothing changed', () => {
    const { router } = renderDialog();
    fireEvent.click(screen.getByText('Elsewhere'));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before leaving with changes: Keep editing stays, Discard leaves', async () => {
    const { router } = renderDialog();
    fireEvent.change(nameBox(), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByText('Elsewhere'));
    expect(await screen.findByText(UNSAVED_TITLE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/edit');
    expect(nameBox().value).toBe('Ann');

    fireEvent.click(screen.getByText('Elsewhere'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});
