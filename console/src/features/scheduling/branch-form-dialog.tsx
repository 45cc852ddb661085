import { useMemo, type FormEvent } from 'react';
import { Field, Switch, makeStyles, tokens } from '@fluentui/react-components';
import {
  BRANCH_TYPES,
  BranchInputSchema,
  callingCode,
  type Branch,
  type BranchCountry,
  type BranchInput,
  type GeoPoint,
} from '@backoffice/contracts';
import { ApiError, errorMessage } from '../../components/api';
import { useNotify } from '../../components/feedback';
import {
  BoundChoice,
  BoundInput,
  BoundTextarea,
  FormColumn,
  FormColumns,
  FormDialog,
  schemaFieldErrors,
  useFormValues,
} from '../../components/forms';
import { saveBranch } from './api';
import { CountryFlag } from './country-flag';
import { FilterCombobox, type FilterOption } from './filter-combobox';
import { LocationColumn } from './location-column';

const FIELDS = ['name', 'type', 'countryCCN3', 'phoneNumber', 'address', 'timeZone', 'lat', 'lng'] as const;
type FieldName = (typeof FIELDS)[number];

interface FormValues {
  name: string;
  phoneNumber: string;
  address: string;
  type: string;
  countryCCN3: string;
  active: boolean;
  lat: string;
  lng: string;
  timeZone: string;
}

const EMPTY: FormValues = {
  name: '',
  phoneNumber: '',
  address: '',
  type: '',
  countryCCN3: '',
  active: true,
  lat: '',
  lng: '',
  timeZone: '',
};

function valuesOf(branch: Branch | null): FormValues {
  if (!branch) return EMPTY;
  return {
    name: branch.name,
    phoneNumber: branch.phoneNumber,
    address: branch.address,
    type: branch.type,
    countryCCN3: branch.countryCCN3,
    active: branch.active,
    lat: branch.location ? String(branch.location.lat) : '',
    lng: branch.location ? String(branch.location.lng) : '',
    timeZone: branch.timeZone,
  };
}

const parseCoordinate = (value: string): number | undefined => {
  const trimmed = value.trim().replace(',', '.');
  return trimmed === '' || Number.isNaN(Number(trimmed)) ? undefined : Number(trimmed);
};

/** The body to send, and the form's own errors (the same rules as the server, from the shared schema). */
function validate(values: FormValues): { input: BranchInput; errors: Partial<Record<FieldName, string>> } {
  const lat = parseCoordinate(values.lat);
  const lng = parseCoordinate(values.lng);
  const placed = values.lat.trim() !== '' || values.lng.trim() !== '';
  const input: BranchInput = {
    name: values.name,
    phoneNumber: values.phoneNumber,
    address: values.address,
    type: values.type as BranchInput['type'],
    countryCCN3: values.countryCCN3,
    active: values.active,
    location: placed ? ({ lat, lng } as GeoPoint) : null,
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
  };
  const errors: Partial<Record<FieldName, string>> = {};
  const parsed = BranchInputSchema.safeParse(input);
  if (!parsed.success) Object.assign(errors, toFormErrors(schemaFieldErrors(parsed.error)));
  if (placed && lat === undefined) errors.lat = values.lat.trim() ? 'Latitude must be a number' : 'Latitude is required with a longitude';
  if (placed && lng === undefined) errors.lng = values.lng.trim() ? 'Longitude must be a number' : 'Longitude is required with a latitude';
  return { input, errors };
}

/** "location.lat" (server and schema paths) → the form's "lat" field. */
function toFormErrors(byPath: Record<string, string>): Partial<Record<FieldName, string>> {
  const result: Partial<Record<FieldName, string>> = {};
  for (const [path, message] of Object.entries(byPath)) {
    const field = (path === 'location.lat' ? 'lat' : path === 'location.lng' ? 'lng' : path === 'location' ? 'lat' : path) as FieldName;
    result[field] ??= message;
  }
  return result;
}

let timeZoneOptions: FilterOption[] | undefined;
function allTimeZones(): FilterOption[] {
  timeZoneOptions ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')].map((zone) => ({
    value: zone,
    text: zone,
    keywords: zone.replace(/_/g, ' '),
  }));
  return timeZoneOptions;
}

const useStyles = makeStyles({
  surface: { width: '920px', maxWidth: 'calc(100vw - 32px)' },
  countryHint: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  switchLabel: { fontWeight: tokens.fontWeightSemibold, letterSpacing: '0.04em' },
});

export interface BranchFormDialogProps {
  /** The branch to edit; null for a new one. */
  branch: Branch | null;
  countries: readonly BranchCountry[];
  onClose(saved?: Branch): void;
}

/** The branch form in a dialog: add or edit, with its location picked on a map. */
export function BranchFormDialog({ branch, countries, onClose }: BranchFormDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const isNew = !branch;
  const initial = useMemo(() => valuesOf(branch), [branch]);
  const bound = useFormValues<FormValues, FieldName>({
    initial,
    fields: FIELDS,
    validate: (current) => validate(current).errors,
    onClose: () => onClose(),
  });
  const { values, setValues, form, dirty, change, touch, cancel } = bound;
  const { errorOf, saving } = form;
  const { input, errors } = useMemo(() => validate(values), [values]);

  const chooseCountry = (ccn3: string) => {
    const chosen = countries.find((c) => c.ccn3 === ccn3);
    setValues((current) => ({
      ...current,
      countryCCN3: ccn3,
      // An empty phone starts with the country's calling code.
      phoneNumber: current.phoneNumber.trim() === '' && chosen ? `${callingCode(chosen)} ` : current.phoneNumber,
    }));
    form.edit('countryCCN3');
    touch('countryCCN3');
  };

  const pick = (point: GeoPoint | null) => {
    setValues((current) => ({ ...current, lat: point ? String(point.lat) : '', lng: point ? String(point.lng) : '' }));
    form.edit('lat');
    form.edit('lng');
  };

  const submit = (event: FormEvent) =>
    void form.submit(event, async () => {
      try {
        const saved = await saveBranch(branch?.id ?? null, input);
        notify.success(`${saved.name} was ${isNew ? 'added' : 'saved'}.`, isNew ? 'Branch added' : 'Branch saved');
        onClose(saved);
      } catch (error) {
        // A second branch of the same name: the server's sentence belongs under Name.
        if (error instanceof ApiError && error.status === 409) form.setServerErrors({ name: errorMessage(error) });
        else throw error;
      }
    });

  const location: GeoPoint | null =
    parseCoordinate(values.lat) !== undefined && parseCoordinate(values.lng) !== undefined && !errors.lat && !errors.lng
      ? { lat: parseCoordinate(values.lat)!, lng: parseCoordinate(values.lng)! }
      : null;

  return (
    <FormDialog
      form={form}
      title={isNew ? 'Add branch' : `Edit ${branch.name}`}
      onDismiss={() => void cancel()}
      onSubmit={submit}
      submitLabel={saving ? 'Saving…' : 'Save'}
      dirty={dirty}
      formErrorTitle="Failed to save the branch"
      surfaceClassName={styles.surface}
    >
      <FormColumns>
        <FormColumn>
          <BoundInput bound={bound} name="name" label="Name" required autoFocus maxLength={120} />
          <BoundChoice
            bound={bound}
            name="type"
            label="Type"
            required
            placeholder="Choose a type"
            choices={BRANCH_TYPES}
            onBlur={() => touch('type')}
          />
          <CountryField
            countries={countries}
            value={values.countryCCN3}
            error={errorOf('countryCCN3')}
            onChange={chooseCountry}
            onBlur={() => touch('countryCCN3')}
          />
          <BoundInput bound={bound} name="phoneNumber" label="Phone number" required type="tel" maxLength={40} />
          <BoundTextarea bound={bound} name="address" label="Address" required rows={2} maxLength={300} />
          <Field label="Time zone" hint="Opening hours and slots are in this time zone." validationMessage={errorOf('timeZone')}>
            <FilterCombobox
              placeholder="The service's default time zone"
              options={allTimeZones()}
              value={values.timeZone}
              onChange={(zone) => change('timeZone', zone)}
              limit={80}
              clearable
              data-testid="branch-time-zone"
            />
          </Field>
          <Switch
            checked={values.active}
            onChange={(_e, data) => change('active', data.checked)}
            label={{ children: values.active ? 'ACTIVE' : 'INACTIVE', className: styles.switchLabel }}
            aria-label="Active"
          />
        </FormColumn>

        <LocationColumn
          lat={values.lat}
          lng={values.lng}
          picked={location}
          latError={errorOf('lat')}
          lngError={errorOf('lng')}
          onPick={pick}
          onChange={change}
          onBlur={touch}
        />
      </FormColumns>
    </FormDialog>
  );
}

interface CountryFieldProps {
  countries: readonly BranchCountry[];
  value: string;
  error: string | undefined;
  onChange(ccn3: string): void;
  onBlur(): void;
}

/** The branch's country, found by typing its name, with its flag, official name and calling code under it. */
function CountryField({ countries, value, error, onChange, onBlur }: CountryFieldProps) {
  const styles = useStyles();
  const countryOptions = useMemo<FilterOption[]>(
    () =>
      countries.map((country) => ({
        value: country.ccn3,
        text: country.name.common,
        keywords: `${country.name.official} ${country.cca2}`,
        content: (
          <>
            <CountryFlag ccn3={country.ccn3} />
            {country.name.common}
          </>
        ),
      })),
    [countries],
  );
  const country = countries.find((c) => c.ccn3 === value);
  return (
    <Field
      label="Country"
      required
      validationMessage={error}
      hint={
        country ? (
          <span className={styles.countryHint}>
            <CountryFlag ccn3={country.ccn3} name={country.name.common} />
            {country.name.official} · calling code {callingCode(country)}
          </span>
        ) : undefined
      }
    >
      <FilterCombobox
        placeholder="Type to find a country"
        options={countryOptions}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        data-testid="branch-country"
      />
    </Field>
  );
}
