import { useMemo, useState, type ReactNode } from 'react';
import { Combobox, Option, makeStyles, tokens, type ComboboxProps } from '@fluentui/react-components';

export interface FilterOption {
  value: string;
  /** What the input shows and the filter searches. */
  text: string;
  /** Extra words the filter also matches (an official name, a code). */
  keywords?: string;
  /** A custom look in the list; the text otherwise. */
  content?: ReactNode;
}

export interface FilterComboboxProps extends Pick<ComboboxProps, 'placeholder' | 'onBlur' | 'aria-labelledby' | 'aria-describedby'> {
  options: readonly FilterOption[];
  value: string;
  onChange(value: string): void;
  /** At most this many matches are listed (long lists stay fast). */
  limit?: number;
  clearable?: boolean;
  'data-testid'?: string;
}

const useStyles = makeStyles({
  listbox: { maxHeight: '320px' },
  option: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  empty: { padding: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
});

/** A Combobox over a long list that filters as one types; the selection is one value. */
export function FilterCombobox({ options, value, onChange, limit = 400, clearable, ...rest }: FilterComboboxProps) {
  const styles = useStyles();
  const selected = options.find((option) => option.value === value);
  const [query, setQuery] = useState(selected?.text ?? '');
  const [open, setOpen] = useState(false);

  // Follow outside changes of the value (a reset, a loaded record).
  const [queryFor, setQueryFor] = useState(selected?.text);
  if (queryFor !== selected?.text) {
    setQueryFor(selected?.text);
    setQuery(selected?.text ?? '');
  }

  const matches = useMemo(() => {
    const term = query.trim().toLowerCase();
    const all = !term || term === selected?.text.toLowerCase();
    const found = all ? options : options.filter((option) => `${option.text} ${option.keywords ?? ''}`.toLowerCase().includes(term));
    return found.slice(0, limit);
  }, [options, query, selected?.text, limit]);

  return (
    <Combobox
      {...rest}
      open={open}
      onOpenChange={(_event, data) => {
        setOpen(data.open);
        if (!data.open) setQuery(selected?.text ?? '');
      }}
      value={query}
      selectedOptions={value ? [value] : []}
      clearable={clearable}
      listbox={{ className: styles.listbox }}
      onChange={(event) => {
        setQuery(event.target.value);
        setOpen(true);
        if (clearable && event.target.value === '') onChange('');
      }}
      onOptionSelect={(_event, data) => {
        onChange(data.optionValue ?? '');
        setQuery(data.optionText ?? '');
      }}
    >
      {matches.map((option) => (
        <Option key={option.value} value={option.value} text={option.text}>
          <span className={styles.option}>{option.content ?? option.text}</span>
        </Option>
      ))}
      {matches.length === 0 && <div className={styles.empty}>No match for “{query}”</div>}
    </Combobox>
  );
}
