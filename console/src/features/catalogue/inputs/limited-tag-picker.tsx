import { useMemo, useState } from 'react';
import {
  Button,
  Field,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  makeStyles,
  tokens,
  type TagPickerProps,
} from '@fluentui/react-components';

export interface PickerOption {
  value: string;
  text: string;
  /** A second line in the list, e.g. the accepted types of a file. */
  secondary?: string;
}

export interface LimitedTagPickerProps {
  label: string;
  options: readonly PickerOption[];
  selected: readonly string[];
  onChange(selected: string[]): void;
  /** At most this many chosen items show as tags; the rest as "+N more" (docs/product.md). */
  shown: number;
  placeholder?: string;
  hint?: string;
  /** Shown in the list when nothing is left to choose. */
  emptyText?: string;
  validationMessage?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

const useStyles = makeStyles({
  more: { minWidth: 'auto', paddingInline: tokens.spacingHorizontalS },
});

/**
 * A multi-select as tags with type-to-filter: Arrow keys move in the list, Enter picks,
 * Backspace removes the last tag. Items past `shown` collapse into "+N more".
 */
export function LimitedTagPicker({
  label,
  options,
  selected,
  onChange,
  shown,
  placeholder,
  hint,
  emptyText = 'Nothing more to choose',
  validationMessage,
  disabled,
  'data-testid': testId,
}: LimitedTagPickerProps) {
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const byValue = useMemo(() => new Map(options.map((option) => [option.value, option])), [options]);

  const onOptionSelect: TagPickerProps['onOptionSelect'] = (_event, data) => {
    if (data.value === '__none') return;
    onChange(data.selectedOptions);
    setQuery('');
  };

  const remaining = options.filter(
    (option) => !selected.includes(option.value) && option.text.toLowerCase().includes(query.trim().toLowerCase()),
  );
  const visible = expanded ? selected : selected.slice(0, shown);
  const hidden = selected.length - visible.length;

  return (
    <Field label={label} hint={hint} validationMessage={validationMessage}>
      <TagPicker onOptionSelect={onOptionSelect} selectedOptions={[...selected]} disabled={disabled}>
        <TagPickerControl data-testid={testId}>
          <TagPickerGroup aria-label={`Chosen ${label.toLowerCase()}`}>
            {visible.map((value) => (
              <Tag key={value} value={value} shape="rounded">
                {byValue.get(value)?.text ?? `#${value}`}
              </Tag>
            ))}
          </TagPickerGroup>
          {hidden > 0 && (
            <Button size="small" appearance="transparent" className={styles.more} onClick={() => setExpanded(true)}>
              +{hidden} more
            </Button>
          )}
          <TagPickerInput
            aria-label={label}
            placeholder={selected.length ? undefined : placeholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </TagPickerControl>
        <TagPickerList>
          {remaining.length > 0 ? (
            remaining.map((option) => (
              <TagPickerOption key={option.value} value={option.value} text={option.text} secondaryContent={option.secondary}>
                {option.text}
              </TagPickerOption>
            ))
          ) : (
            <TagPickerOption value="__none" text={emptyText}>
              {emptyText}
            </TagPickerOption>
          )}
        </TagPickerList>
      </TagPicker>
    </Field>
  );
}
