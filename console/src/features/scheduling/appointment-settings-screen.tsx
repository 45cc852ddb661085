import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Badge, Button, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { useParams } from 'react-router-dom';
import {
  APPOINTMENT_LIMITS,
  AppointmentSettingsInputSchema,
  IntIdSchema,
  minutesOfDay,
  type AdjustedDate,
  type AppointmentSettings,
  type AppointmentSettingsInput,
} from '@backoffice/contracts';
import { ApiError, fieldErrors } from '../../components/api';
import { EmptyState, PageSpinner, useNotify } from '../../components/feedback';
import { schemaFieldErrors } from '../../components/forms';
import { PageHeader } from '../../components/layout';
import { ButtonLink, PageBreadcrumb } from '../../components/navigation';
import { saveAppointmentSettings, useAppointmentSettings, useBranch, useBranchSlots } from './api';
import { AdjustDatesCard } from './adjust-dates-card';
import { SettingsCard } from './settings-card';
import { SlotPreviewCard } from './slot-preview-card';
import { maskTime, timeForField, timeForSave } from './time-input';
import { WeekdaysCard } from './weekdays-card';

type FieldName = 'slotDuration' | 'maxUpcomingAvailableDates' | 'startTime' | 'endTime' | 'availableWeekdays' | 'disabledDates';

interface FormValues {
  slotDuration: string;
  maxUpcomingAvailableDates: string;
  startTime: string;
  endTime: string;
  availableWeekdays: number[];
  disabledDates: AdjustedDate[];
}

function valuesOf(settings: AppointmentSettings): FormValues {
  return {
    slotDuration: String(settings.slotDuration),
    maxUpcomingAvailableDates: String(settings.maxUpcomingAvailableDates),
    startTime: timeForField(settings.startTime),
    endTime: timeForField(settings.endTime),
    availableWeekdays: [...settings.availableWeekdays],
    disabledDates: settings.disabledDates.map((entry) => ({ ...entry })),
  };
}

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

function inputOf(values: FormValues): AppointmentSettingsInput {
  return {
    slotDuration: toNumber(values.slotDuration),
    maxUpcomingAvailableDates: toNumber(values.maxUpcomingAvailableDates),
    startTime: timeForSave(values.startTime),
    endTime: timeForSave(values.endTime),
    availableWeekdays: [...values.availableWeekdays].sort((a, b) => a - b),
    disabledDates: [...values.disabledDates].sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** Field errors by form field; "disabledDates.3.date" is shown on the list as a whole. */
function byField(errors: Record<string, string>): Partial<Record<FieldName, string>> {
  const result: Partial<Record<FieldName, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] as FieldName;
    result[field] ??= message;
  }
  return result;
}

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  column: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalL },
  branchLine: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** /admin/appointment-settings/{branchId}: the weekly pattern, hours, slot length and adjusted dates of one branch. */
export default function AppointmentSettingsScreen() {
  const { branchId: param } = useParams();
  const parsedId = IntIdSchema.safeParse(param);
  const branchId = parsedId.success ? parsedId.data : null;
  const notify = useNotify();
  const branch = useBranch(branchId);
  const settings = useAppointmentSettings(branch.data ? branchId : null);
  const slots = useBranchSlots(branch.data && settings.data ? branchId : null);

  const notFound = branchId === null || (branch.error instanceof ApiError && branch.error.status === 404);
  const reported = useRef(false);
  useEffect(() => {
    if (notFound && !reported.current) {
      reported.current = true;
      notify.error('Branch Not found', 'Failed');
    }
  }, [notFound, notify]);
  useEffect(() => {
    const error = (!notFound && branch.error) || settings.error;
    if (error) notify.error(error.detail ?? error.title, 'Failed to load appointment settings');
  }, [branch.error, settings.error, notFound, notify]);

  if (notFound) {
    return (
      <>
        <PageHeader title="Appointment settings" back={{ to: '/admin/branches', label: 'Back to branches' }} />
        <EmptyState
          text="Branch Not found"
          action={
            <ButtonLink to="/admin/branches" appearance="primary">
              Go to branches
            </ButtonLink>
          }
        />
      </>
    );
  }
  if (!branch.data || !settings.data) {
    const failed = branch.error ?? settings.error;
    return (
      <>
        <PageHeader title="Appointment settings" back={{ to: '/admin/branches', label: 'Back to branches' }} />
        {failed ? (
          <EmptyState
            text="The appointment settings could not be loaded."
            action={
              <Button
                onClick={() => {
                  void branch.mutate();
                  void settings.mutate();
                }}
              >
                Retry
              </Button>
            }
          />
        ) : (
          <PageSpinner label="Loading appointment settings…" />
        )}
      </>
    );
  }
  return (
    <SettingsForm
      key={`${branchId}-${settings.data.saved ? 'saved' : 'defaults'}`}
      branchId={branchId!}
      branchName={branch.data.name}
      branchAddress={branch.data.address}
      timeZone={branch.data.timeZone}
      settings={settings.data}
      slots={slots}
    />
  );
}

interface SettingsFormProps {
  branchId: number;
  branchName: string;
  branchAddress: string;
  timeZone: string;
  settings: AppointmentSettings;
  slots: ReturnType<typeof useBranchSlots>;
}

function SettingsForm({ branchId, branchName, branchAddress, timeZone, settings, slots }: SettingsFormProps) {
  const styles = useStyles();
  const notify = useNotify();
  const [saved, setSaved] = useState<FormValues>(() => valuesOf(settings));
  const [values, setValues] = useState<FormValues>(saved);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [saving, setSaving] = useState(false);

  const input = useMemo(() => inputOf(values), [values]);
  const clientErrors = useMemo(() => {
    const parsed = AppointmentSettingsInputSchema.safeParse(input);
    return parsed.success ? {} : byField(schemaFieldErrors(parsed.error));
  }, [input]);
  const errorOf = (field: FieldName) => serverErrors[field] ?? (attempted ? clientErrors[field] : undefined);
  const dirty = JSON.stringify(inputOf(saved)) !== JSON.stringify(input);

  const change = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const toggleWeekday = (day: number, on: boolean) =>
    change('availableWeekdays', on ? [...values.availableWeekdays, day] : values.availableWeekdays.filter((d) => d !== day));

  const summary = (() => {
    if (Object.keys(clientErrors).some((field) => field !== 'disabledDates')) return null;
    const count = Math.floor((minutesOfDay(input.endTime) - minutesOfDay(input.startTime)) / Number(input.slotDuration));
    return `${count} ${count === 1 ? 'slot' : 'slots'} a day of ${input.slotDuration} minutes, ${values.startTime} to ${values.endTime} (${timeZone}).`;
  })();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    if (Object.keys(clientErrors).length) {
      notify.warning('Failed to save appointment settings.', 'Error');
      return;
    }
    setSaving(true);
    try {
      const response = await saveAppointmentSettings(branchId, input);
      notify.success(response.message, 'Settings saved');
      setSaved(values);
      setAttempted(false);
      setServerErrors({});
    } catch (error) {
      setServerErrors(byField(fieldErrors(error)));
      notify.warning('Failed to save appointment settings.', 'Error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Appointment settings">
      <PageHeader
        title="Appointment settings"
        back={{ to: '/admin/branches', label: 'Back to branches' }}
        breadcrumb={<PageBreadcrumb trail={[{ label: 'Branches', to: '/admin/branches' }]} current="Appointment settings" />}
        description={
          <span className={styles.branchLine} data-testid="settings-branch">
            <Text weight="semibold">{branchName}</Text>
            <span>{branchAddress}</span>
          </span>
        }
        actions={<SaveActions dirty={dirty} saved={settings.saved} saving={saving} />}
      />
      <div className={styles.layout}>
        <div className={styles.column}>
          <WeekdaysCard days={values.availableWeekdays} onToggle={toggleWeekday} error={errorOf('availableWeekdays')} />

          <HoursCard values={values} change={change} errorOf={errorOf} timeZone={timeZone} summary={summary} />

          <SlotPreviewCard slots={slots.data} error={slots.error} isLoading={slots.isLoading} />
        </div>

        <div className={styles.column}>
          <AdjustDatesCard
            dates={values.disabledDates}
            onChange={(dates) => change('disabledDates', dates)}
            error={errorOf('disabledDates')}
          />
        </div>
      </div>
    </form>
  );
}

const TIME_FIELDS = [
  { field: 'startTime', label: 'Start time' },
  { field: 'endTime', label: 'End time' },
] as const;

/** The card's numbers, typed as text, within the contract's limits. */
const NUMBER_FIELDS = [
  {
    field: 'slotDuration',
    label: 'Slot duration (minutes)',
    min: APPOINTMENT_LIMITS.slotDurationMin,
    max: APPOINTMENT_LIMITS.slotDurationMax,
    step: 5,
  },
  {
    field: 'maxUpcomingAvailableDates',
    label: 'Max upcoming available dates',
    min: APPOINTMENT_LIMITS.maxUpcomingAvailableDatesMin,
    max: APPOINTMENT_LIMITS.maxUpcomingAvailableDatesMax,
    step: undefined,
  },
] as const;

interface HoursCardProps {
  values: FormValues;
  change<K extends keyof FormValues>(field: K, value: FormValues[K]): void;
  errorOf(field: FieldName): string | undefined;
  timeZone: string;
  /** "12 slots a day of 30 minutes, …" once the hours are valid. */
  summary: string | null;
}

/** The day's hours, the slot length and how far ahead dates are offered, in the branch's time zone. */
function HoursCard({ values, change, errorOf, timeZone, summary }: HoursCardProps) {
  const styles = useStyles();
  return (
    <SettingsCard titleId="hours-title" title="Hours and slots" description={`Times are in ${timeZone}.`}>
      <div className={styles.fields}>
        {TIME_FIELDS.map(({ field, label }) => (
          <Field key={field} label={label} hint="hh:mm" validationMessage={errorOf(field)}>
            <Input
              value={values[field]}
              placeholder="hh:mm"
              inputMode="numeric"
              maxLength={5}
              onChange={(_e, data) => change(field, maskTime(data.value))}
            />
          </Field>
        ))}
        {NUMBER_FIELDS.map(({ field, label, min, max, step }) => (
          <Field key={field} label={label} hint={`At most ${max}.`} validationMessage={errorOf(field)}>
            <Input type="number" min={min} max={max} step={step} value={values[field]} onChange={(_e, data) => change(field, data.value)} />
          </Field>
        ))}
      </div>
      {summary && (
        <Text size={200} className={styles.hint} data-testid="slot-summary">
          {summary}
        </Text>
      )}
    </SettingsCard>
  );
}

/** Whether the form holds changes (or only the defaults), and Save. */
function SaveActions({ dirty, saved, saving }: { dirty: boolean; saved: boolean; saving: boolean }) {
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      {dirty && (
        <Badge appearance="tint" color="warning">
          Unsaved changes
        </Badge>
      )}
      {!saved && !dirty && (
        <Badge appearance="tint" color="informative">
          Defaults, not saved yet
        </Badge>
      )}
      <Button type="submit" appearance="primary" icon={saving ? <Spinner size="tiny" /> : <SaveRegular />} disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
    </div>
  );
}
