import { Field, Input, Textarea, type FieldProps, type InputProps, type TextareaProps } from '@fluentui/react-components';
import { ChoiceDropdown, type ChoiceDropdownProps } from './choice-dropdown';
import type { FormValues } from './use-form-values';

/** The fields of V that hold text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

/** What a bound field needs of useFormValues: the values, their errors, change and touch. */
export type BoundForm<V extends object, F extends string> = Pick<FormValues<V, F>, 'values' | 'form' | 'change' | 'touch'>;

interface BoundFieldProps<V extends object, F extends string> {
  /** The form the field belongs to (what useFormValues returned). */
  bound: BoundForm<V, F>;
  /** The value it edits: its error shows under it, and leaving it touches it. */
  name: TextKey<V> & F;
  label: string;
  required?: boolean;
  hint?: FieldProps['hint'];
}

type Bound = 'value' | 'onChange' | 'onBlur' | 'name';

/** What a bound field gives its Field (label, error) and its control (value, change, touch). */
function bind<V extends object, F extends string>({ bound, name, label, required, hint }: BoundFieldProps<V, F>) {
  const { values, form, change, touch } = bound;
  return {
    field: { label, required, hint, validationMessage: form.errorOf(name) },
    control: {
      value: values[name] as string,
      onChange: (_e: unknown, data: { value: string }) => change(name, data.value as V[typeof name]),
      onBlur: () => touch(name),
    },
  };
}

/** A labelled text box of a form dialog: its value, error, change and touch come from the form by name. */
export function BoundInput<V extends object, F extends string>({
  bound,
  name,
  label,
  required,
  hint,
  ...input
}: BoundFieldProps<V, F> & Omit<InputProps, Bound>) {
  const { field, control } = bind({ bound, name, label, required, hint });
  return (
    <Field {...field}>
      <Input {...input} {...control} />
    </Field>
  );
}

/** A labelled text area of a form dialog, bound to the form by name like BoundInput. */
export function BoundTextarea<V extends object, F extends string>({
  bound,
  name,
  label,
  required,
  hint,
  ...textarea
}: BoundFieldProps<V, F> & Omit<TextareaProps, Bound>) {
  const { field, control } = bind({ bound, name, label, required, hint });
  return (
    <Field {...field}>
      <Textarea resize="vertical" {...textarea} {...control} />
    </Field>
  );
}

/** A labelled choice of a form dialog (ChoiceDropdown), bound by name: a choice also touches it, so its error shows at once. */
export function BoundChoice<V extends object, F extends string, T extends string>({
  bound,
  name,
  label,
  required,
  hint,
  ...dropdown
}: BoundFieldProps<V, F> & Omit<ChoiceDropdownProps<T>, 'value' | 'onSelect' | 'name'>) {
  const { field } = bind({ bound, name, label, required, hint });
  return (
    <Field {...field}>
      <ChoiceDropdown
        {...dropdown}
        value={bound.values[name] as T | ''}
        onSelect={(choice) => {
          bound.change(name, choice as V[typeof name]);
          bound.touch(name);
        }}
      />
    </Field>
  );
}
