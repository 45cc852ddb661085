import { useMemo, useState, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DayField } from './day-field';
import { startOfDay, startOfMonth } from './settlement-dates';

const useStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
});

/** A report's period as chosen in its From and To fields: from the first of this month to today at first. */
export function usePeriodDays() {
  const today = useMemo(() => startOfDay(new Date()), []);
  const [from, setFrom] = useState<Date | null>(() => startOfMonth(today));
  const [to, setTo] = useState<Date | null>(today);
  return { today, from, setFrom, to, setTo };
}

export type PeriodDays = ReturnType<typeof usePeriodDays>;

export interface PeriodFiltersProps {
  /** The search region's name ("Report period"). */
  label: string;
  days: PeriodDays;
  /** Why the period cannot be asked for, under To. */
  warning: string | null;
  /** After a day was chosen in either field. */
  onChange?(): void;
  /** A typed day after today is kept out of a field: true while it holds one. */
  onOutOfBounds?(field: 'from' | 'to', outside: boolean): void;
  /** What follows the two days (the button that asks, quick periods). */
  children?: ReactNode;
}

/** The filter bar of a dated report: From and To, up to today, then the report's own controls. */
export function PeriodFilters({ label, days, warning, onChange, onOutOfBounds, children }: PeriodFiltersProps) {
  const styles = useStyles();
  const { today, from, setFrom, to, setTo } = days;
  const choose = (set: (date: Date | null) => void) => (date: Date | null) => {
    set(date);
    onChange?.();
  };
  const outOfBounds = (field: 'from' | 'to') => onOutOfBounds && ((outside: boolean) => onOutOfBounds(field, outside));
  return (
    <div className={styles.filters} role="search" aria-label={label}>
      <DayField label="From" value={from} maxDate={today} onChange={choose(setFrom)} onOutOfBounds={outOfBounds('from')} />
      <DayField label="To" value={to} maxDate={today} warning={warning} onChange={choose(setTo)} onOutOfBounds={outOfBounds('to')} />
      {children}
    </div>
  );
}
