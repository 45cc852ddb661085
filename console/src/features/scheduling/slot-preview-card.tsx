import { Badge, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { BranchSlots } from '@backoffice/contracts';
import type { ApiError } from '../../components/api';
import { errorMessage } from '../../components/api';
import { formatCalendarDate } from './calendar-date';
import { SettingsCard } from './settings-card';

const SHOWN_DAYS = 5;

const useStyles = makeStyles({
  card: { rowGap: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3 },
  days: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  day: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS },
  times: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
});

export interface SlotPreviewCardProps {
  slots: BranchSlots | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
}

/** The next free slots the saved settings give, as clients would see them. */
export function SlotPreviewCard({ slots, error, isLoading }: SlotPreviewCardProps) {
  const styles = useStyles();
  const days = slots?.days ?? [];
  return (
    <SettingsCard
      titleId="slot-preview-title"
      title="Next available slots"
      description={`From the saved settings${slots ? `, in ${slots.timeZone}` : ''}.`}
      className={styles.card}
      data-testid="slot-preview"
    >
      {isLoading && (
        <Skeleton aria-label="Loading slots">
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
        </Skeleton>
      )}
      {error && <Text className={styles.hint}>The slots could not be loaded: {errorMessage(error)}</Text>}
      {slots && days.length === 0 && <Text className={styles.hint}>No free slots: no date is open.</Text>}
      {days.length > 0 && (
        <>
          <ul className={styles.days}>
            {days.slice(0, SHOWN_DAYS).map((day) => (
              <li key={day.date} className={styles.day}>
                <Text weight="semibold" size={200}>
                  {formatCalendarDate(day.date)} · {day.slots.length} {day.slots.length === 1 ? 'slot' : 'slots'}
                </Text>
                <span className={styles.times}>
                  {day.slots.map((slot) => (
                    <Badge key={slot.start} appearance="tint" color="informative" title={`${slot.start} to ${slot.end}`}>
                      {slot.time}
                    </Badge>
                  ))}
                </span>
              </li>
            ))}
          </ul>
          <Text size={200} className={styles.hint}>
            {days.length} bookable {days.length === 1 ? 'date' : 'dates'} in all, until {formatCalendarDate(days[days.length - 1].date)}.
          </Text>
        </>
      )}
    </SettingsCard>
  );
}
