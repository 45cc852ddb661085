import { useState } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxListField } from './checkbox-list-field';

const SCOPES = ['orders:write', 'payments:write', 'catalogue:read'] as const;
type Scope = (typeof SCOPES)[number];

function Scopes({ error }: { error?: string }) {
  const [value, setValue] = useState<Scope[]>([]);
  return (
    <FluentProvider theme={webLightTheme}>
      <CheckboxListField label="Scopes" required options={SCOPES} value={value} onChange={setValue} error={error} />
      <output data-testid="chosen">{value.join(',')}</output>
    </FluentProvider>
  );
}

afterEach(cleanup);

describe('CheckboxListField', () => {
  it('names each box by its option, so its label ticks that box and no other', () => {
    render(<Scopes />);
    fireEvent.click(screen.getByLabelText('orders:write'));
    fireEvent.click(screen.getByLabelText('payments:write'));
    expect(screen.getByTestId('chosen').textContent).toBe('orders:write,payments:write');
    expect((screen.getByRole('checkbox', { name: 'orders:write' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'catalogue:read' }) as HTMLInputElement).checked).toBe(false);
    // The boxes have ids of their own.
    const ids = screen.getAllByRole('checkbox').map((box) => box.id);
    expect(new Set(ids).size).toBe(SCOPES.length);
  });

  it('unticks a box and keeps the others; groups the boxes under the field label; shows the error under them', () => {
    render(<Scopes error="Choose at least one scope." />);
    fireEvent.click(screen.getByLabelText('orders:write'));
    fireEvent.click(screen.getByLabelText('catalogue:read'));
    fireEvent.click(screen.getByLabelText('orders:write'));
    expect(screen.getByTestId('chosen').textContent).toBe('catalogue:read');
    expect(screen.getByRole('group', { name: 'Scopes' })).toBeTruthy();
    expect(screen.getByText('Choose at least one scope.')).toBeTruthy();
  });
});
