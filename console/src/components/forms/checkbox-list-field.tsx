import { Checkbox, Field, FieldContextProvider, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  boxes: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
});

export interface CheckboxListFieldProps<T extends string> {
  label: string;
  options: readonly T[];
  value: readonly T[];
  /** A box changed: the new list from the current one (a state setter takes it as it is). */
  onChange(update: (current: T[]) => T[]): void;
  required?: boolean;
  /** The field's error, shown under the boxes. */
  error?: string;
}

/**
 * Several of a fixed list (scopes, event types): a box each, named by the option itself. The boxes are kept out
 * of the Field's context: it would give each of them the Field's one id, its label and its required mark.
 */
export function CheckboxListField<T extends string>({ label, options, value, onChange, required, error }: CheckboxListFieldProps<T>) {
  const styles = useStyles();
  return (
    <Field label={label} required={required} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <FieldContextProvider value={undefined}>
        <div role="group" aria-label={label} className={styles.boxes}>
          {options.map((option) => (
            <Checkbox
              key={option}
              label={option}
              checked={value.includes(option)}
              onChange={(_event, data) =>
                onChange((current) =>
                  data.checked ? [...current.filter((chosen) => chosen !== option), option] : current.filter((chosen) => chosen !== option),
                )
              }
            />
          ))}
        </div>
      </FieldContextProvider>
    </Field>
  );
}
