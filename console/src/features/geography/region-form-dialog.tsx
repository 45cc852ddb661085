import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import type { GeographyLevel } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useRuntimeConfig } from '../../components/config';
import { useConfirmDelete, useNotify } from '../../components/feedback';
import { FormDialog, schemaFieldErrors, useFormState } from '../../components/forms';
import { deleteRegion, saveRegion } from './api';
import { LEVELS, formatRate, type LevelConfig, type RegionField, type RegionRecord } from './geography-levels';

const useStyles = makeStyles({
  surface: { width: '480px', maxWidth: 'calc(100vw - 32px)' },
  form: { paddingBottom: tokens.spacingVerticalL },
  context: { color: tokens.colorNeutralForeground3 },
  shortName: { textTransform: 'uppercase', width: '96px' },
  number: { width: '180px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

type Values = Record<RegionField, string>;

export interface RegionDialogResult {
  level: LevelConfig['level'];
  /** The saved record, or null when it was deleted. */
  record: RegionRecord | null;
}

export interface RegionFormDialogProps {
  config: LevelConfig;
  /** The record to edit; absent to create one. */
  record?: RegionRecord;
  /** The parent the new record goes under (ignored for countries and when editing). */
  parentId: number | null;
  /** "New York City": shown as where the record sits. */
  parentName?: string;
  /** The rate that applies when this record has none (from the levels above), for the hint. */
  inheritedRate: number | null;
  /** Called when the modal closes: with what changed, or null when nothing did. */
  onClose(result: RegionDialogResult | null): void;
}

function initialValues(record: RegionRecord | undefined): Values {
  const r = record as Partial<Record<RegionField, string | number | null>> | undefined;
  return {
    shortName: String(r?.shortName ?? ''),
    name: String(r?.name ?? ''),
    taxRate: r?.taxRate === null || r?.taxRate === undefined ? '' : String(r.taxRate),
    shippingFee: r?.shippingFee === undefined || r?.shippingFee === null ? '' : String(r.shippingFee),
    zipCodes: String(r?.zipCodes ?? '')
      .split(',')
      .filter(Boolean)
      .join(', '),
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The modal form of one level (its fields from the level's row): Cancel and Create, or Update
 * when the record has an id, and Delete (after a confirmation) for an existing record.
 * The shared contracts schema flags fields before sending; the server's field errors land on the same fields.
 */
export function RegionFormDialog({ config, record, parentId, parentName, inheritedRate, onClose }: RegionFormDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const confirmDelete = useConfirmDelete();
  const { config: runtime } = useRuntimeConfig();
  const initial = initialValues(record);
  const [values, setValues] = useState<Values>(initial);
  const [deleting, setDeleting] = useState(false);
  const noun = config.noun;
  const isEdit = !!record;

  const body = (current: Values): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    if (config.parentKey) {
      result[config.parentKey] = record ? (record as unknown as Record<string, number>)[config.parentKey] : (parentId ?? 0);
    }
    for (const field of config.fields) {
      const raw = current[field];
      if (field === 'taxRate') result.taxRate = raw.trim() === '' ? null : Number(raw);
      else if (field === 'shippingFee') result.shippingFee = raw.trim() === '' ? 0 : Number(raw);
      else result[field] = raw;
    }
    return result;
  };

  const validate = (current: Values) => {
    const parsed = config.schema.safeParse(body(current));
    return parsed.success
      ? { data: parsed.data as Record<string, unknown>, errors: {} }
      : { data: null, errors: schemaFieldErrors(parsed.error) };
  };

  const form = useFormState<RegionField>({ fields: config.fields, errors: validate(values).errors });
  const busy = form.saving || deleting;
  const dirty = config.fields.some((field) => values[field] !== initial[field]);

  const change = (field: RegionField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.edit(field);
  };

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(event, async () => {
      if (deleting) return;
      const saved = await saveRegion(config.level, validate(values).data ?? {}, record?.id);
      notify.success(`${capitalise(noun)} "${saved.name}" ${isEdit ? 'updated' : 'created'}.`);
      onClose({ level: config.level, record: saved });
    });

  const remove = async () => {
    if (!record || busy) return;
    const childNoun = config.child ? LEVELS[config.child].noun : null;
    const yes = await confirmDelete({
      noun,
      name: record.name,
      message: `Are you sure to delete this ${noun}?`,
      detail: childNoun
        ? `A ${noun} that still holds a ${childNoun} is not deleted: delete those first.`
        : config.fields.includes('zipCodes')
          ? 'Its zip codes go with it.'
          : undefined,
    });
    if (!yes) return;
    setDeleting(true);
    try {
      await deleteRegion(config.level, record.id);
      notify.success(`${capitalise(noun)} "${record.name}" deleted.`);
      onClose({ level: config.level, record: null });
    } catch (error) {
      notify.error(errorMessage(error), `Could not delete the ${noun}`);
      setDeleting(false);
    }
  };

  const parentNoun = config.parent ? LEVELS[config.parent].noun : null;
  return (
    <FormDialog
      form={form}
      title={isEdit ? `Edit ${noun}` : `New ${noun}`}
      onDismiss={() => onClose(null)}
      onSubmit={submit}
      submitLabel={isEdit ? 'Update' : 'Create'}
      busy={busy}
      dirty={dirty}
      formErrorTitle={isEdit ? `Could not update the ${noun}` : `Could not create the ${noun}`}
      surfaceClassName={styles.surface}
      contentClassName={styles.form}
      data-testid="region-dialog"
      startActions={
        isEdit && (
          <Button
            appearance="subtle"
            icon={deleting ? <Spinner size="tiny" /> : <DeleteRegular />}
            onClick={() => void remove()}
            disabled={busy}
          >
            Delete
          </Button>
        )
      }
    >
      {parentName && parentNoun && (
        <Text className={styles.context}>
          In the {parentNoun} {parentName}
        </Text>
      )}
      {config.fields.map((field) => (
        <RegionInput
          key={field}
          field={field}
          level={config.level}
          noun={noun}
          value={values[field]}
          inheritedRate={inheritedRate}
          currency={runtime?.currency ?? 'USD'}
          error={form.errorOf(field)}
          onChange={(value) => change(field, value)}
          onBlur={() => form.blur(field)}
        />
      ))}
    </FormDialog>
  );
}

interface RegionInputProps {
  field: RegionField;
  level: GeographyLevel;
  noun: string;
  value: string;
  /** The rate from the levels above, shown as the tax rate's placeholder. */
  inheritedRate: number | null;
  currency: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}

/** One field of the form, with its label, hint and error. */
function RegionInput({ field, level, noun, value, inheritedRate, currency, error, onChange, onBlur }: RegionInputProps) {
  const styles = useStyles();
  const rateHint =
    level === 'country'
      ? 'Percent, up to 4 decimals. Leave empty when the country has no tax.'
      : inheritedRate !== null
        ? `Percent, up to 4 decimals. Leave empty to use ${formatRate(inheritedRate)} from above.`
        : 'Percent, up to 4 decimals. Leave empty to use the rate from above.';

  const props = { validationState: error ? ('error' as const) : ('none' as const), validationMessage: error, onBlur };
  switch (field) {
    case 'shortName':
      return (
        <Field label="Short name" required hint="Exactly 2 letters, e.g. US" {...props}>
          <Input
            className={styles.shortName}
            value={value}
            onChange={(_, data) => onChange(data.value)}
            autoComplete="off"
            data-testid="field-shortName"
          />
        </Field>
      );
    case 'name':
      return (
        <Field label="Name" required {...props}>
          <Input value={value} onChange={(_, data) => onChange(data.value)} autoComplete="off" data-testid="field-name" />
        </Field>
      );
    case 'taxRate':
      return (
        <Field label="Tax rate" hint={rateHint} {...props}>
          <Input
            className={styles.number}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="any"
            value={value}
            placeholder={inheritedRate !== null && level !== 'country' ? formatRate(inheritedRate).replace('%', '') : undefined}
            contentAfter={<Text>%</Text>}
            onChange={(_, data) => onChange(data.value)}
            data-testid="field-taxRate"
          />
        </Field>
      );
    case 'shippingFee':
      return (
        <Field label="Shipping fee" hint="Charged for delivery to this city." {...props}>
          <Input
            className={styles.number}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={value}
            placeholder="0.00"
            contentAfter={<Text>{currency}</Text>}
            onChange={(_, data) => onChange(data.value)}
            data-testid="field-shippingFee"
          />
        </Field>
      );
    case 'zipCodes':
      return (
        <Field label="Zip codes" hint={`Comma separated, e.g. 10001, 10002. A zip code belongs to one ${noun} of a city.`} {...props}>
          <Textarea value={value} onChange={(_, data) => onChange(data.value)} rows={3} resize="vertical" data-testid="field-zipCodes" />
        </Field>
      );
  }
}
