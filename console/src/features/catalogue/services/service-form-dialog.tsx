import { useMemo } from 'react';
import { Checkbox, Field, Switch, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ServiceInputSchema, type Service, type ServiceInput } from '@backoffice/contracts';
import { BoundInput, FieldPair, FormColumn, FormColumns, schemaErrors } from '../../../components/forms';
import { BoundImagesField, ImagesFormDialog, useImagesForm } from '../inputs/images-form-dialog';
import { saveService } from './api';
import { DeliveryFields, ServicePickers, type FieldName, type FormValues } from './service-form-sections';

const FIELDS = [
  'name',
  'price',
  'priceBefore',
  'deliveryTime',
  'deliveryTimeRate',
  'deliveryType',
  'shippingType',
  'description',
  'description_Ar',
  'images',
  'branches',
  'serviceFiles',
] as const satisfies readonly FieldName[];

/**
 * Defaults: active, delivery time 0 with unit None, type None, neither physical nor electronical. The price boxes
 * start empty (an empty price is flagged, an empty former price is stored as 0).
 */
function valuesOf(service: Service | null): FormValues {
  return {
    active: service?.active ?? true,
    name: service?.name ?? '',
    description: service?.description ?? '',
    description_Ar: service?.description_Ar ?? '',
    images: service?.images ?? [],
    deliveryTime: String(service?.deliveryTime ?? 0),
    deliveryTimeRate: service?.deliveryTimeRate ?? 'None',
    deliveryType: service?.deliveryType ?? 'None',
    shippingType: service?.shippingType ?? 'None',
    priceBefore: service ? String(service.priceBefore) : '',
    price: service ? String(service.price) : '',
    physical: service?.physical ?? false,
    electronical: service?.electronical ?? false,
    branches: (service?.branches ?? []).map(String),
    serviceFiles: (service?.serviceFiles ?? []).map((file) => String(file.id)),
  };
}

/** A typed number; an empty box is `empty` (0 for optional amounts, undefined for the required price). */
const toNumber = <E extends number | undefined>(text: string, empty: E): number | E =>
  text.trim() === '' ? empty : Number(text.trim().replace(',', '.'));

function toInput(values: FormValues, categoryId: number): ServiceInput {
  return {
    ...values,
    categoryId,
    deliveryTime: toNumber(values.deliveryTime, 0),
    price: toNumber(values.price, undefined) as number,
    priceBefore: toNumber(values.priceBefore, 0),
    branches: values.branches.map(Number),
    serviceFiles: values.serviceFiles.map(Number),
  };
}

/** The price boxes: amounts with cents. */
const MONEY = { type: 'number', inputMode: 'decimal', min: 0, step: '0.01', placeholder: '0.00' } as const;

const useStyles = makeStyles({
  surface: { width: '1040px', maxWidth: 'calc(100vw - 32px)' },
  checks: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalL },
  place: { color: tokens.colorNeutralForeground3 },
  arabic: { fontFamily: `'Segoe UI', Tahoma, 'Noto Naskh Arabic', 'Arial', sans-serif` },
});

export interface ServiceFormDialogProps {
  /** The service to edit; null for a new one. */
  service: Service | null;
  /** The open category: where a new service goes. */
  category: { id: number; name: string };
  onClose(saved?: Service): void;
}

/** Add or edit a service with every field of the specification (docs/product.md). */
export function ServiceFormDialog({ service, category, onClose }: ServiceFormDialogProps) {
  const styles = useStyles();
  const initial = useMemo(() => valuesOf(service), [service]);
  const categoryId = service?.categoryId ?? category.id;
  const { bound, dialog, setUploading } = useImagesForm<FormValues, FieldName, Service>({
    noun: 'Service',
    record: service,
    initial,
    fields: FIELDS,
    validate: (current) => schemaErrors(ServiceInputSchema.safeParse(toInput(current, categoryId))),
    save: (values) => saveService(service?.id ?? null, toInput(values, categoryId)),
    onClose,
  });
  const { values, form, change } = bound;
  const { errorOf } = form;

  return (
    <ImagesFormDialog dialog={dialog} surfaceClassName={styles.surface}>
      <Text as="p" size={200} className={styles.place}>
        In “{category.name}”.
      </Text>
      <FormColumns>
        <FormColumn>
          <BoundInput bound={bound} name="name" label="Name" required autoFocus maxLength={200} />
          <FieldPair>
            <BoundInput bound={bound} name="price" label="Price" required {...MONEY} />
            <BoundInput bound={bound} name="priceBefore" label="Price before" hint="The former price, shown struck through." {...MONEY} />
          </FieldPair>
          <DeliveryFields bound={bound} />
          <div className={styles.checks}>
            <Checkbox checked={values.physical} onChange={(_e, data) => change('physical', data.checked === true)} label="Physical" />
            <Checkbox
              checked={values.electronical}
              onChange={(_e, data) => change('electronical', data.checked === true)}
              label="Electronical"
            />
            <Switch checked={values.active} onChange={(_e, data) => change('active', data.checked)} label="Active" />
          </div>
          <ServicePickers values={values} errorOf={errorOf} change={change} />
        </FormColumn>
        <FormColumn>
          <Field label="Description" validationMessage={errorOf('description')}>
            <Textarea
              rows={6}
              resize="vertical"
              value={values.description}
              maxLength={8000}
              onChange={(_e, data) => change('description', data.value)}
            />
          </Field>
          <Field label="Arabic description" validationMessage={errorOf('description_Ar')}>
            <Textarea
              rows={6}
              resize="vertical"
              dir="rtl"
              lang="ar"
              className={styles.arabic}
              value={values.description_Ar}
              maxLength={8000}
              onChange={(_e, data) => change('description_Ar', data.value)}
            />
          </Field>
          <BoundImagesField bound={bound} onBusyChange={setUploading} />
        </FormColumn>
      </FormColumns>
    </ImagesFormDialog>
  );
}
