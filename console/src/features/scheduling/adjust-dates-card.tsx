import { useState } from 'react';
import { Badge, Button, Field, Switch, Text, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { CalendarAddRegular, DeleteRegular } from '@fluentui/react-icons';
import { APPOINTMENT_LIMITS, DUPLICATE_ADJUSTED_DATE, type AdjustedDate } from '@backoffice/contracts';
import { useNotify } from '../../components/feedback';
import { SettingsCard } from './settings-card';
import { datesBetween, formatCalendarDate, fromCalendarDate, toCalendarDate, todayCalendarDate } from './calendar-date';

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground3 },
  addRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  picker: { width: '200px' },
  pickerInput: { width: '100%', minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  list: {
    display: 'flex',
    flexDirection: 'column',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    maxHeight: '320px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    ':not(:last-child)': { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  },
  past: { color: tokens.colorNeutralForeground4 },
  date: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  switch: { minWidth: '130px' },
  error: { color: tokens.colorPaletteRedForeground1 },
  empty: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

/** Typed dates: ISO "2026-12-25" or what the browser reads ("Dec 25, 2026"). */
function parseTyped(text: string): Date | null {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return fromCalendarDate(trimmed);
  const parsed = new Date(trimmed);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const formatPicked = (date?: Date) => (date ? formatCalendarDate(toCalendarDate(date)) : '');

export interface AdjustDatesCardProps {
  dates: readonly AdjustedDate[];
  onChange(dates: AdjustedDate[]): void;
  error?: string;
}

/** The "Adjust Dates" list: dates closed (disabled) or opened (enabled) against the weekly pattern. */
export function AdjustDatesCard({ dates, onChange, error }: AdjustDatesCardProps) {
  const styles = useStyles();
  const notify = useNotify();
  const [single, setSingle] = useState<Date | null>(null);
  const [rangeFrom, setRangeFrom] = useState<Date | null>(null);
  const [rangeTo, setRangeTo] = useState<Date | null>(null);
  const today = todayCalendarDate();
  const minDate = fromCalendarDate(today);
  const sorted = [...dates].sort((a, b) => a.date.localeCompare(b.date));

  const addOne = () => {
    if (!single) return;
    const date = toCalendarDate(single);
    if (date < today) {
      notify.warning('Pick today or a later date.', 'Date in the past');
      return;
    }
    if (dates.some((entry) => entry.date === date)) {
      notify.warning(DUPLICATE_ADJUSTED_DATE, 'Duplicate date');
      return;
    }
    onChange([...dates, { date, disabled: true }]);
    setSingle(null);
  };

  const addRange = () => {
    if (!rangeFrom || !rangeTo) return;
    const from = toCalendarDate(rangeFrom);
    const to = toCalendarDate(rangeTo);
    if (from < today) {
      notify.warning('Pick today or a later date.', 'Date in the past');
      return;
    }
    if (to < from) {
      notify.warning('The last date of the range is before its first date.', 'Date range');
      return;
    }
    const range = datesBetween(from, to);
    if (range.length > APPOINTMENT_LIMITS.adjustRangeMaxDays) {
      notify.warning(`A range is at most ${APPOINTMENT_LIMITS.adjustRangeMaxDays} days.`, 'Date range');
      return;
    }
    const known = new Set(dates.map((entry) => entry.date));
    const added = range.filter((date) => !known.has(date));
    if (!added.length) {
      notify.warning(DUPLICATE_ADJUSTED_DATE, 'Duplicate date');
      return;
    }
    onChange([...dates, ...added.map((date) => ({ date, disabled: true }))]);
    if (added.length < range.length) {
      notify.info(`${range.length - added.length} of the dates were already in the list and were left as they are.`, 'Date range added');
    }
    setRangeFrom(null);
    setRangeTo(null);
  };

  const toggle = (date: string) => onChange(dates.map((entry) => (entry.date === date ? { ...entry, disabled: !entry.disabled } : entry)));
  const remove = (date: string) => onChange(dates.filter((entry) => entry.date !== date));

  const picker = (label: string, value: Date | null, set: (date: Date | null) => void, min = minDate) => (
    <Field label={label} className={styles.picker}>
      <DatePicker
        className={styles.pickerInput}
        value={value}
        minDate={min}
        onSelectDate={(date) => set(date ?? null)}
        allowTextInput
        formatDate={formatPicked}
        parseDateFromString={parseTyped}
        placeholder="Select a date"
        showGoToToday
      />
    </Field>
  );

  return (
    <SettingsCard
      titleId="adjust-dates-title"
      title="Adjust Dates"
      description="Close a date (disabled) or open one outside the weekdays (enabled)."
    >
      <div className={styles.section}>
        <div className={styles.addRow}>
          {picker('Date', single, setSingle)}
          <Button icon={<CalendarAddRegular />} onClick={addOne} disabled={!single}>
            Add date
          </Button>
        </div>
      </div>
      <div className={styles.section}>
        <div className={styles.addRow}>
          {picker('Range from', rangeFrom, setRangeFrom)}
          {picker('Range to', rangeTo, setRangeTo, rangeFrom ?? minDate)}
          <Button icon={<CalendarAddRegular />} onClick={addRange} disabled={!rangeFrom || !rangeTo}>
            Add range
          </Button>
        </div>
        <Text size={200} className={styles.hint}>
          A closure such as a holiday week, added as its dates in one step.
        </Text>
      </div>
      {error && (
        <Text size={200} role="alert" className={styles.error}>
          {error}
        </Text>
      )}
      <ul className={styles.list} aria-label="Adjusted dates">
        {sorted.length === 0 && <li className={styles.empty}>No adjusted dates.</li>}
        {sorted.map((entry) => {
          const label = formatCalendarDate(entry.date);
          const past = entry.date < today;
          return (
            <li key={entry.date} className={styles.item} data-testid={`adjusted-${entry.date}`}>
              <span className={mergeClasses(styles.date, past && styles.past)}>
                <Text weight="semibold">{label}</Text>
                {past && (
                  <Badge appearance="outline" color="subtle" size="small">
                    past
                  </Badge>
                )}
              </span>
              <Switch
                className={styles.switch}
                checked={!entry.disabled}
                onChange={() => toggle(entry.date)}
                label={entry.disabled ? 'Disabled' : 'Enabled'}
                aria-label={`${label}: ${entry.disabled ? 'disabled (closed)' : 'enabled (open)'}`}
              />
              <Tooltip content="Remove" relationship="description" withArrow>
                <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`Remove ${label}`} onClick={() => remove(entry.date)} />
              </Tooltip>
            </li>
          );
        })}
      </ul>
    </SettingsCard>
  );
}
