import { useMemo } from 'react';
import { makeStyles } from '@fluentui/react-components';
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
import { BoundChoice, BoundInput, FieldPair, type BoundForm } from '../../../components/forms';
import { LimitedTagPicker, type PickerOption } from '../inputs/limited-tag-picker';
import { useServiceFiles } from '../service-files/api';
import { useBranchChoices } from './api';

/** The service form's fields (its dialog, service-form-dialog.tsx, holds the state; these sections render parts of it). */
export type FieldName =
  | 'name'
  | 'price'
  | 'priceBefore'
  | 'deliveryTime'
  | 'deliveryTimeRate'
  | 'deliveryType'
  | 'shippingType'
  | 'description'
  | 'description_Ar'
  | 'images'
  | 'branches'
  | 'serviceFiles'
  | 'categoryId';

export interface FormValues {
  active: boolean;
  name: string;
  description: string;
  description_Ar: string;
  images: string[];
  /** Numbers as typed; parsed on validation. */
  deliveryTime: string;
  deliveryTimeRate: DeliveryTimeRate;
  deliveryType: DeliveryType;
  shippingType: ShippingType;
  priceBefore: string;
  price: string;
  physical: boolean;
  electronical: boolean;
  branches: string[];
  serviceFiles: string[];
}

const useStyles = makeStyles({
  dropdown: { minWidth: 'auto', width: '100%' },
});

interface SectionProps {
  values: FormValues;
  errorOf(field: FieldName): string | undefined;
  change<K extends keyof FormValues>(field: K, value: FormValues[K]): void;
}

/** How the service is delivered: the time and its unit, the delivery type and the shipping. */
export function DeliveryFields({ bound }: { bound: BoundForm<FormValues, FieldName> }) {
  const styles = useStyles();
  return (
    <>
      <FieldPair>
        <BoundInput bound={bound} name="deliveryTime" label="Delivery time" type="number" inputMode="numeric" min={0} step="1" />
        <BoundChoice bound={bound} name="deliveryTimeRate" label="Duration" className={styles.dropdown} choices={DELIVERY_TIME_RATES} />
      </FieldPair>
      <FieldPair>
        <BoundChoice bound={bound} name="deliveryType" label="Delivery type" className={styles.dropdown} choices={DELIVERY_TYPES} />
        <BoundChoice bound={bound} name="shippingType" label="Shipping" className={styles.dropdown} choices={SHIPPING_TYPES} />
      </FieldPair>
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
