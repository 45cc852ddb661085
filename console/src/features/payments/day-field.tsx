import { Field, makeStyles } from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { formatPickerDate, parsePickerDate } from './settlement-dates';

const useStyles = makeStyles({
  picker: { width: '190px' },
  pickerInput: { width: '100%', minWidth: 0 },
});

export interface DayFieldProps {
  label: string;
  value: Date | null;
  maxDate: Date;
  /** Why the period cannot be asked for, under the field. */
  warning?: string | null;
  onChange(date: Date | null): void;
  /** A typed day after `maxDate` is kept out by the picker: true while the field holds one. */
  onOutOfBounds?(outside: boolean): void;
}

/** A day of a report's period, typed (MM/DD/YYYY) or picked in the calendar. */
export function DayField({ label, value, maxDate, warning, onChange, onOutOfBounds }: DayFieldProps) {
  const styles = useStyles();
  return (
    <Field label={label} className={styles.picker} validationMessage={warning ?? undefined} validationState={warning ? 'warning' : 'none'}>
      <DatePicker
        className={styles.pickerInput}
        value={value}
        maxDate={maxDate}
        onSelectDate={(date) => onChange(date ?? null)}
        onValidationResult={onOutOfBounds && ((data) => onOutOfBounds(data.error === 'out-of-bounds'))}
        allowTextInput
        formatDate={formatPickerDate}
        parseDateFromString={(text) => parsePickerDate(text)}
        placeholder="MM/DD/YYYY"
        showGoToToday
      />
    </Field>
  );
}
