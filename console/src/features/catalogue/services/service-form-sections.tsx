import { useMemo } from 'react';
import { Dropdown, Field, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import {
  acceptTypes,
  DELIVERY_TIME_RATES,
  DELIVERY_TYPES,
  MULTI_SELECT_SHOWN,
  SERVICE_FILE_TYPE_LABELS,
  SHIPPING_TYPES,
  type DeliveryTimeRate,
  type DeliveryType,
  type ShippingType,
} from '@backoffice/contracts';
import { LimitedTagPicker, type PickerOption } from '../inputs/limited-tag-picker';
import { useServiceFiles } from '../service-files/api';
import { useBranchChoices } from './api';
import type { FieldName, FormValues } from './service-form-dialog';

const useStyles = makeStyles({
  pair: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  dropdown: { minWidth: 'auto', width: '100%' },
});

interface SectionProps {
  values: FormValues;
  errorOf(field: FieldName): string | undefined;
  change<K extends keyof FormValues>(field: K, value: FormValues[K]): void;
}

/** How the service is delivered: the time and its unit, the delivery type and the shipping. */
export function DeliveryFields({ values, errorOf, change, touch }: SectionProps & { touch(field: FieldName): void }) {
  const styles = useStyles();
  return (
    <>
      <div className={styles.pair}>
        <Field label="Delivery time" validationMessage={errorOf('deliveryTime')}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step="1"
            value={values.deliveryTime}
            onChange={(_e, data) => change('deliveryTime', data.value)}
            onBlur={() => touch('deliveryTime')}
          />
        </Field>
        <Field label="Duration" validationMessage={errorOf('deliveryTimeRate')}>
          <Dropdown
            className={styles.dropdown}
            value={values.deliveryTimeRate}
            selectedOptions={[values.deliveryTimeRate]}
            onOptionSelect={(_e, data) => {
              change('deliveryTimeRate', (data.optionValue ?? 'None') as DeliveryTimeRate);
              touch('deliveryTimeRate');
            }}
          >
            {DELIVERY_TIME_RATES.map((rate) => (
              <Option key={rate} value={rate}>
                {rate}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <div className={styles.pair}>
        <Field label="Delivery type" validationMessage={errorOf('deliveryType')}>
          <Dropdown
            className={styles.dropdown}
            value={values.deliveryType}
            selectedOptions={[values.deliveryType]}
            onOptionSelect={(_e, data) => change('deliveryType', (data.optionValue ?? 'None') as DeliveryType)}
          >
            {DELIVERY_TYPES.map((type) => (
              <Option key={type} value={type}>
                {type}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Shipping" validationMessage={errorOf('shippingType')}>
          <Dropdown
            className={styles.dropdown}
            value={values.shippingType}
            selectedOptions={[values.shippingType]}
            onOptionSelect={(_e, data) => change('shippingType', (data.optionValue ?? 'None') as ShippingType)}
          >
            {SHIPPING_TYPES.map((type) => (
              <Option key={type} value={type}>
                {type}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
    </>
  );
}

/** Where the service is offered (branches) and the documents a client must provide (service files). */
export function ServicePickers({ values, errorOf, change }: SectionProps) {
  const branches = useBranchChoices();
  const serviceFiles = useServiceFiles();
  const branchOptions = useMemo<PickerOption[]>(() => {
    const known = (branches.data ?? []).map((branch) => ({
      value: String(branch.id),
      text: branch.name,
      secondary: `${branch.type}${branch.active ? '' : ' · inactive'}`,
    }));
    // Branches chosen earlier but not listed (scheduling down, or since deleted) still show.
    const missing = values.branches.filter((id) => !known.some((option) => option.value === id));
    return [...known, ...missing.map((id) => ({ value: id, text: `Branch #${id}` }))];
  }, [branches.data, values.branches]);

  const fileOptions = useMemo<PickerOption[]>(
    () =>
      (serviceFiles.data ?? []).map((file) => ({
        value: String(file.id),
        text: file.name,
        secondary:
          acceptTypes(file.accept)
            .map((type) => SERVICE_FILE_TYPE_LABELS[type])
            .join(', ') || 'Any type',
      })),
    [serviceFiles.data],
  );

  const branchHint = branches.error
    ? 'Branches cannot be listed right now; chosen ones are kept.'
    : branches.isLoading
      ? 'Loading branches…'
      : branchOptions.length === 0
        ? 'No branches yet: add them on the Branches screen.'
        : 'Where the service is offered.';

  return (
    <>
      <LimitedTagPicker
        label="Branches"
        options={branchOptions}
        selected={values.branches}
        onChange={(selected) => change('branches', selected)}
        shown={MULTI_SELECT_SHOWN.branches}
        placeholder="Choose branches"
        hint={branchHint}
        emptyText="No more branches"
        validationMessage={errorOf('branches')}
        data-testid="service-branches"
      />
      <LimitedTagPicker
        label="Required files"
        options={fileOptions}
        selected={values.serviceFiles}
        onChange={(selected) => change('serviceFiles', selected)}
        shown={MULTI_SELECT_SHOWN.serviceFiles}
        placeholder="Choose the documents a client must provide"
        hint={serviceFiles.error ? 'Service files cannot be listed right now.' : undefined}
        emptyText={fileOptions.length ? 'No more service files' : 'No service files yet: add them on the Service files screen.'}
        validationMessage={errorOf('serviceFiles')}
        data-testid="service-required-files"
      />
    </>
  );
}
