import { useEffect, useState } from 'react';
import { Combobox, Option, Spinner, makeStyles } from '@fluentui/react-components';
import type { Role } from '@backoffice/contracts';
import { PICKER_PAGE_SIZE, useStaffSearch } from './use-staff-search';

const useStyles = makeStyles({ root: { minWidth: '220px', maxWidth: '100%' } });

/** The person a picker holds: enough to show and to send. */
export interface PickedUser {
  id: string;
  name: string;
}

export interface UserPickerProps {
  role: Role;
  /** The accessible name ("Agent"). */
  label: string;
  value: PickedUser | null;
  onChange(user: PickedUser | null): void;
  placeholder?: string;
  /** With it, a first option that picks nobody (e.g. "All agents"). */
  noneLabel?: string;
  className?: string;
}

/**
 * A searchable picker of active staff of one role: typing searches the server (name or email), so it
 * works the same with ten people or ten thousand; the first PICKER_PAGE_SIZE matches are offered.
 */
export function UserPicker({ role, label, value, onChange, placeholder, noneLabel, className }: UserPickerProps) {
  const styles = useStyles();
  const shown = value?.name ?? noneLabel ?? '';
  const [typed, setTyped] = useState(shown);
  const [search, setSearch] = useState('');
  // The box follows the picked person during render, not through an effect.
  const [picked, setPicked] = useState(shown);
  if (shown !== picked) {
    setPicked(shown);
    setTyped(shown);
  }
  // What is typed searches once typing pauses; the name already picked searches for nothing (everyone).
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed === shown ? '' : typed), 300);
    return () => clearTimeout(timer);
  }, [typed, shown]);
  const { data, isLoading } = useStaffSearch(role, search);
  const people = data?.items ?? [];
  return (
    <Combobox
      className={className ?? styles.root}
      aria-label={label}
      placeholder={placeholder}
      freeform
      value={typed}
      selectedOptions={value ? [value.id] : noneLabel ? [''] : []}
      onChange={(event) => setTyped(event.target.value)}
      onOpenChange={(_event, state) => !state.open && setTyped(shown)}
      onOptionSelect={(_event, data) => {
        if (!data.optionValue) return onChange(null);
        const person = people.find((candidate) => candidate.id === data.optionValue);
        if (person) onChange({ id: person.id, name: person.name });
      }}
    >
      {noneLabel && <Option value="">{noneLabel}</Option>}
      {people.map((person) => (
        <Option key={person.id} value={person.id} text={person.name}>
          {`${person.name} · ${person.email}`}
        </Option>
      ))}
      {isLoading && (
        <Option value="__loading" disabled text="Searching">
          <Spinner size="extra-tiny" label="Searching…" />
        </Option>
      )}
      {!isLoading && people.length === 0 && (
        <Option value="__none" disabled text="Nobody matches">
          Nobody matches
        </Option>
      )}
      {data && data.total > people.length && (
        <Option value="__more" disabled text="More">
          {`${data.total - PICKER_PAGE_SIZE} more: type to narrow the list`}
        </Option>
      )}
    </Combobox>
  );
}
