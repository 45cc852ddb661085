import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { startOfDay, startOfMonth } from './settlement-dates';

const useStyles = makeStyles({
  presets: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignSelf: 'flex-end', marginBottom: '2px' },
});

const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** The usual periods of a report, each ending today. */
export const RANGE_PRESETS: { label: string; range: (today: Date) => [Date, Date] }[] = [
  { label: 'Today', range: (today) => [today, today] },
  { label: 'Last 7 days', range: (today) => [addDays(today, -6), today] },
  { label: 'This month', range: (today) => [startOfMonth(today), today] },
  { label: 'Last 30 days', range: (today) => [addDays(today, -29), today] },
];

/** A dated period's validation: both dates, not in the future, in order; null when the range is valid. */
export function rangeProblem(from: Date | null, to: Date | null, today = startOfDay(new Date())): string | null {
  if (!from || !to) return 'Choose both dates.';
  if (from > today || to > today) return 'Dates cannot be in the future.';
  if (from > to) return 'To must not be before From.';
  return null;
}

export function RangePresets({ onPick }: { onPick: (from: Date, to: Date) => void }) {
  const styles = useStyles();
  return (
    <div className={styles.presets} role="group" aria-label="Quick periods">
      {RANGE_PRESETS.map((preset) => (
        <Button
          key={preset.label}
          size="small"
          onClick={() => {
            const [from, to] = preset.range(startOfDay(new Date()));
            onPick(from, to);
          }}
        >
          {preset.label}
        </Button>
      ))}
    </div>
  );
}
