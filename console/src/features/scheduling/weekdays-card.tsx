import { Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { WEEKDAYS } from '@backoffice/contracts';
import { SettingsCard } from './settings-card';

const useStyles = makeStyles({
  weekdays: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    border: 'none',
  },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface WeekdaysCardProps {
  /** The weekdays on (0 is Sunday). */
  days: readonly number[];
  onToggle(day: number, on: boolean): void;
  error: string | undefined;
}

/** A switch for each day of the week the branch takes appointments. */
export function WeekdaysCard({ days, onToggle, error }: WeekdaysCardProps) {
  const styles = useStyles();
  return (
    <SettingsCard titleId="weekdays-title" title="Weekdays" description="The days of the week the branch takes appointments.">
      <fieldset className={styles.weekdays} aria-labelledby="weekdays-title">
        {WEEKDAYS.map((day) => (
          <Switch
            key={day.number}
            label={day.name}
            checked={days.includes(day.number)}
            onChange={(_e, data) => onToggle(day.number, data.checked)}
            data-weekday={day.number}
          />
        ))}
      </fieldset>
      {error && (
        <Text size={200} role="alert" className={styles.error}>
          {error}
        </Text>
      )}
    </SettingsCard>
  );
}
