import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';

interface Person {
  id: string;
  name: string;
  email: string;
  status: string;
}

const PEOPLE: Person[] = [
  { id: 'a', name: 'Ann Lee', email: 'ann@example.com', status: 'Active' },
  { id: 'b', name: 'Bo Park', email: 'bo@example.com', status: 'Inactive' },
];

const COLUMNS: DataTableColumn<Person, 'name' | 'email'>[] = [
  { id: 'name', header: 'Name', text: (person) => person.name, sort: 'name', card: 'title' },
  { id: 'email', header: 'Email', text: (person) => person.email, sort: 'email' },
  { id: 'status', header: 'Status', text: (person) => person.status, card: 'status' },
];

/** jsdom has no matchMedia: answer the phone query as a viewport `width` wide would. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 639px') && width < 640,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderTable(props: Partial<DataTableProps<Person, 'name' | 'email'>> = {}) {
  const handlers = { onSort: vi.fn(), onPage: vi.fn(), onRowClick: vi.fn(), onRetry: vi.fn(), onEdit: vi.fn() };
  render(
    <MemoryRouter>
      <FluentProvider theme={webLightTheme}>
        <DataTable<Person, 'name' | 'email'>
          label="People"
          noun="people"
          columns={COLUMNS}
          items={PEOPLE}
          getRowId={(person) => person.id}
          getRowName={(person) => person.name}
          empty={{ text: 'No people yet.' }}
          sort={{ column: 'name', dir: 'asc', onSort: handlers.onSort }}
          paging={{ page: 1, pageSize: 20, total: 42, onPage: handlers.onPage }}
          onRowClick={handlers.onRowClick}
          onRetry={handlers.onRetry}
          actions={(person) => [
            { label: 'Edit', icon: <EditRegular />, ariaLabel: `Edit ${person.name}`, onClick: () => handlers.onEdit(person) },
            { label: 'Delete', icon: <DeleteRegular />, onClick: () => undefined },
          ]}
          inlineActions={1}
          rowAttributes={() => ({ 'data-testid': 'person-row' })}
          {...props}
        />
      </FluentProvider>
    </MemoryRouter>,
  );
  return handlers;
}

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  viewport(1280);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('shows a header on every column, the rows in the server order, and the sort of the list', () => {
    renderTable({ sort: { column: 'email', dir: 'desc', onSort: vi.fn() } });
    const grid = screen.getByRole('grid', { name: 'People' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Email', 'Status', 'Actions']);
    expect(headers[1].getAttribute('aria-sort')).toBe('descending');
    expect(headers[0].getAttribute('aria-sort')).toBe('none');
    expect(screen.getAllByTestId('person-row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ann Lee'),
      expect.stringContaining('Bo Park'),
    ]);
  });

  it('asks the server for another sort when a sortable header is chosen, and not for the others', () => {
    const { onSort } = renderTable();
    fireEvent.click(screen.getByRole('columnheader', { name: 'Email' }).querySelector('button') ?? screen.getByText('Email'));
    expect(onSort).toHaveBeenCalledWith('email', undefined);
    onSort.mockClear();
    fireEvent.click(screen.getByText('Status'));
    expect(onSort).not.toHaveBeenCalled();
  });

  it('pages with the one pager', () => {
    const { onPage } = renderTable();
    expect(screen.getByTestId('pager-range').textContent).toBe('1–20 of 42 people');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('opens the item on a row click or Enter, but not when one of its buttons is clicked', () => {
    const { onRowClick, onEdit } = renderTable();
    const [first] = screen.getAllByTestId('person-row');
    fireEvent.click(within(first).getByText('ann@example.com'));
    expect(onRowClick).toHaveBeenCalledWith(PEOPLE[0]);
    fireEvent.keyDown(screen.getAllByTestId('person-row')[1], { key: 'Enter' });
    expect(onRowClick).toHaveBeenLastCalledWith(PEOPLE[1]);
    onRowClick.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ann Lee' }));
    expect(onEdit).toHaveBeenCalledWith(PEOPLE[0]);
    expect(onRowClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'More actions for Ann Lee' })).toBeTruthy();
  });

  it('takes the Enter that opens a row, so it goes on to click nothing in what opens (its ✕ would close it at once)', () => {
    const { onRowClick } = renderTable();
    // fireEvent answers false when the handler prevented the key's default.
    expect(fireEvent.keyDown(screen.getAllByTestId('person-row')[0], { key: 'Enter' })).toBe(false);
    expect(onRowClick).toHaveBeenCalledWith(PEOPLE[0]);
    viewport(390);
    cleanup();
    renderTable();
    expect(fireEvent.keyDown(screen.getAllByTestId('person-row')[1], { key: 'Enter' })).toBe(false);
  });

  it("keeps Enter for the row: refuses the focus manager's move into the row's cells, only when rows open", () => {
    renderTable();
    const [row] = screen.getAllByTestId('person-row');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true });
    row.dispatchEvent(enter);
    const move = new CustomEvent('tabster:movefocus', { bubbles: true, cancelable: true, detail: { relatedEvent: enter } });
    row.dispatchEvent(move);
    expect(move.defaultPrevented).toBe(true);
    cleanup();

    renderTable({ onRowClick: undefined });
    const [still] = screen.getAllByTestId('person-row');
    const key = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true });
    still.dispatchEvent(key);
    const other = new CustomEvent('tabster:movefocus', { bubbles: true, cancelable: true, detail: { relatedEvent: key } });
    still.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
  });

  it('makes a cell holding one control no target of its own: the arrow keys land on the link, not on a cell around it', () => {
    renderTable({
      columns: [
        COLUMNS[0],
        { id: 'email', header: 'Email', control: true, render: (person) => <a href={`mailto:${person.email}`}>{person.email}</a> },
      ],
    });
    const row = screen.getAllByTestId('person-row')[0];
    const [name, email] = within(row).getAllByRole('gridcell');
    expect(name.getAttribute('tabindex')).toBe('0');
    expect(email.hasAttribute('tabindex')).toBe(false);
    expect(within(email).getByRole('link', { name: 'ann@example.com' })).toBeTruthy();
  });

  it('says it is loading before the first answer', () => {
    renderTable({ items: undefined, loading: true });
    expect(screen.getByText('Loading people…')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('says the list could not be loaded, why, and offers to try again', () => {
    const { onRetry } = renderTable({ items: undefined, error: new Error('The server is down.') });
    const error = screen.getByTestId('table-error');
    expect(error.textContent).toContain('Could not load the people');
    expect(error.textContent).toContain('The server is down.');
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('says the list is empty, with no grid and no pager', () => {
    renderTable({ items: [], paging: { page: 1, pageSize: 20, total: 0, onPage: vi.fn() } });
    expect(screen.getByTestId('empty-state').textContent).toContain('No people yet.');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByTestId('pager-range')).toBeNull();
  });

  it('stacks the rows as cards on a phone: title and status first, the rest labelled, the actions in "⋯"', () => {
    viewport(390);
    const { onRowClick } = renderTable();
    expect(screen.queryByRole('grid')).toBeNull();
    const cards = screen.getAllByTestId('person-row');
    expect(cards).toHaveLength(2);
    const first = cards[0];
    expect(first.textContent?.startsWith('Ann LeeActive')).toBe(true);
    expect(within(first).getByText('Email')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Edit Ann Lee' })).toBeNull();
    expect(within(first).getByRole('button', { name: 'More actions for Ann Lee' })).toBeTruthy();
    fireEvent.click(within(first).getByText('ann@example.com'));
    expect(onRowClick).toHaveBeenCalledWith(PEOPLE[0]);
  });
});

describe('DataTable row selection', () => {
  /** A selection kept in the test, as a screen keeps it in its state. */
  function selectionOf(chosen: Set<string>, disabled = false) {
    const onChange = vi.fn((people: readonly Person[], on: boolean) => {
      for (const person of people) {
        if (on) chosen.add(person.id);
        else chosen.delete(person.id);
      }
    });
    return {
      onChange,
      selection: {
        isSelected: (person: Person) => chosen.has(person.id),
        onChange,
        rowLabel: (person: Person) => `Select ${person.name}`,
        allLabel: 'Select every person of this page',
        disabled,
      },
    };
  }

  it('puts a named box on each row and one in the header, ticked as the selection says', () => {
    const { selection } = selectionOf(new Set(['b']));
    renderTable({ selection });
    const grid = screen.getByRole('grid', { name: 'People' });
    expect(within(grid).getAllByRole('columnheader')[0].querySelector('input[type="checkbox"]')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Ann Lee' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Select Bo Park' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByTestId('person-row').map((row) => row.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    // One of two: the header's box is mixed.
    expect((screen.getByRole('checkbox', { name: 'Select every person of this page' }) as HTMLInputElement).indeterminate).toBe(true);
  });

  it('ticks one row without opening it, and every row from the header', () => {
    const chosen = new Set<string>();
    const { selection, onChange } = selectionOf(chosen);
    const { onRowClick } = renderTable({ selection });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann Lee' }));
    expect(onChange).toHaveBeenLastCalledWith([PEOPLE[0]], true);
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every person of this page' }));
    expect(onChange).toHaveBeenLastCalledWith(PEOPLE, true);
    expect([...chosen].sort()).toEqual(['a', 'b']);
  });

  it('keeps the boxes in the keyboard order: native checkboxes, none taken out of the Tab order', () => {
    const { selection } = selectionOf(new Set());
    renderTable({ selection });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      expect(box.tagName).toBe('INPUT');
      expect(box.getAttribute('tabindex')).not.toBe('-1');
    }
  });

  it('shows the boxes but lets nothing be ticked while the selection is disabled', () => {
    const { selection } = selectionOf(new Set(['a']), true);
    renderTable({ selection });
    const box = screen.getByRole('checkbox', { name: 'Select Ann Lee' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Select every person of this page' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('keeps a box on each card on a phone, and one above the cards for every row', () => {
    viewport(390);
    const { selection, onChange } = selectionOf(new Set());
    renderTable({ selection });
    expect(screen.queryByRole('grid')).toBeNull();
    const [first] = screen.getAllByTestId('person-row');
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Select Ann Lee' }));
    expect(onChange).toHaveBeenLastCalledWith([PEOPLE[0]], true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every person of this page' }));
    expect(onChange).toHaveBeenLastCalledWith(PEOPLE, true);
  });

  it('selects by keyboard on a focused row: Space toggles, Shift+arrows extend and move, Ctrl+A takes every row shown', () => {
    const chosen = new Set<string>();
    const { selection, onChange } = selectionOf(chosen);
    const { onRowClick } = renderTable({ selection });
    const [ann, bo] = screen.getAllByTestId('person-row');
    fireEvent.keyDown(ann, { key: ' ' });
    expect(onChange).toHaveBeenLastCalledWith([PEOPLE[0]], true);
    fireEvent.keyDown(ann, { key: ' ' });
    expect(onChange).toHaveBeenLastCalledWith([PEOPLE[0]], false);
    ann.focus();
    fireEvent.keyDown(ann, { key: 'ArrowDown', shiftKey: true });
    expect(onChange).toHaveBeenLastCalledWith([PEOPLE[0], PEOPLE[1]], true);
    expect(document.activeElement).toBe(bo);
    chosen.clear();
    fireEvent.keyDown(bo, { key: 'a', ctrlKey: true });
    expect(onChange).toHaveBeenLastCalledWith(PEOPLE, true);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('leaves the keys alone while the selection is disabled, and Enter still opens the row', () => {
    const { selection, onChange } = selectionOf(new Set(), true);
    const { onRowClick } = renderTable({ selection });
    const [ann] = screen.getAllByTestId('person-row');
    fireEvent.keyDown(ann, { key: ' ' });
    fireEvent.keyDown(ann, { key: 'a', ctrlKey: true });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(ann, { key: 'Enter' });
    expect(onRowClick).toHaveBeenCalledWith(PEOPLE[0]);
  });

  it('marks rows with their own class', () => {
    renderTable({ rowClassName: (person) => (person.id === 'b' ? 'changed-row' : undefined) });
    const rows = screen.getAllByTestId('person-row');
    expect(rows[0].className).not.toContain('changed-row');
    expect(rows[1].className).toContain('changed-row');
  });
});

describe('DataTable loading a report', () => {
  it('shows the columns over placeholder rows while a report loads, when asked to', () => {
    renderTable({ items: undefined, loading: true, placeholderRows: 3 });
    expect(screen.getAllByTestId('placeholder-row')).toHaveLength(3);
    expect(screen.getByRole('grid', { name: 'Loading the people' })).toBeTruthy();
    expect(screen.queryByText('Loading people…')).toBeNull();
  });
});
