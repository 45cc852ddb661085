import { SearchBox, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  search: { width: '320px', maxWidth: '100%' },
});

export interface SearchInputProps {
  /** The box's accessible name ("Search branches"). */
  label: string;
  /** What can be searched ("Search name, email or phone"). */
  placeholder: string;
  value: string;
  onChange(value: string): void;
}

/** The search box of a list filtered in the screen's own state (ListToolbar's keeps it in the address). */
export function SearchInput({ label, placeholder, value, onChange }: SearchInputProps) {
  const styles = useStyles();
  return (
    <SearchBox
      className={styles.search}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(_event, data) => onChange(data.value)}
    />
  );
}
