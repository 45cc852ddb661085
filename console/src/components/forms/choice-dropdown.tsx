import { Dropdown, Option, type DropdownProps } from '@fluentui/react-components';

export interface ChoiceDropdownProps<T extends string> extends Omit<
  DropdownProps,
  'value' | 'selectedOptions' | 'onOptionSelect' | 'onSelect'
> {
  /** The choices, each shown as it is. */
  choices: readonly T[];
  /** The chosen one; '' for none yet (the placeholder shows). */
  value: T | '';
  onSelect(value: T): void;
}

/** One of a fixed list of words (a type, a status, a unit), each option named by the word itself. */
export function ChoiceDropdown<T extends string>({ choices, value, onSelect, ...dropdown }: ChoiceDropdownProps<T>) {
  return (
    <Dropdown
      {...dropdown}
      value={value}
      selectedOptions={value ? [value] : []}
      onOptionSelect={(_e, data) => {
        if (data.optionValue !== undefined) onSelect(data.optionValue as T);
      }}
    >
      {choices.map((choice) => (
        <Option key={choice} value={choice}>
          {choice}
        </Option>
      ))}
    </Dropdown>
  );
}
