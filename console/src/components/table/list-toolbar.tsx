import type { ReactNode } from 'react';
import { Dropdown, Option, SearchBox, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  search: { width: '340px', maxWidth: '100%' },
  filter: { minWidth: '170px' },
});

/** The part of useListParams a toolbar needs: the search as typed. */
interface SearchState {
  searchInput: string;
  setSearchInput(value: string): void;
}

export interface ListToolbarProps {
  list: SearchState;
  /** The search box's accessible name ("Search clients"). */
  searchLabel: string;
  /** What can be searched ("Search name, email or phone"). */
  placeholder: string;
  /** The list's filters, after the search. */
  children?: ReactNode;
}

/** Above a server-paged list: its search (kept in the address by useListParams) and its filters. */
export function ListToolbar({ list, searchLabel, placeholder, children }: ListToolbarProps) {
  const styles = useStyles();
  return (
    <div className={styles.toolbar} role="search">
      <SearchBox
        className={styles.search}
        placeholder={placeholder}
        aria-label={searchLabel}
        value={list.searchInput}
        onChange={(_event, data) => list.setSearchInput(data.value)}
      />
      {children}
    </div>
  );
}

export interface FilterDropdownProps {
  /** The filter's accessible name ("Status"). */
  label: string;
  /** The chosen value; '' for all. */
  value: string;
  /** What '' says ("All statuses"). */
  allLabel: string;
  /** The choices: values, or values with their words. */
  options: readonly (string | { value: string; label: string })[];
  onChange(value: string): void;
}

/** One filter of a list: every value, or one of them. */
export function FilterDropdown({ label, value, allLabel, options, onChange }: FilterDropdownProps) {
  const styles = useStyles();
  const choices = options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option));
  return (
    <Dropdown
      className={styles.filter}
      aria-label={label}
      value={choices.find((choice) => choice.value === value)?.label ?? allLabel}
      selectedOptions={[value]}
      onOptionSelect={(_event, data) => onChange(data.optionValue ?? '')}
    >
      <Option value="">{allLabel}</Option>
      {choices.map((choice) => (
        <Option key={choice.value} value={choice.value}>
          {choice.label}
        </Option>
      ))}
    </Dropdown>
  );
}
