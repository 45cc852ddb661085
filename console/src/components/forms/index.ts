export { BoundInput, BoundTextarea, type BoundForm } from './bound-fields';
export { CheckboxListField, type CheckboxListFieldProps } from './checkbox-list-field';
export { ChoiceDropdown, type ChoiceDropdownProps } from './choice-dropdown';
export { FormDialog, type FormDialogProps } from './form-dialog';
export { schemaErrors, schemaFieldErrors, type SchemaIssues } from './schema-field-errors';
export { UnsavedChangesGuard, UNSAVED_MESSAGE, UNSAVED_TITLE } from './unsaved-changes-guard';
export { DISCARD_MESSAGE, DISCARD_TITLE, useConfirmDiscard } from './use-confirm-discard';
export { useFormState, type FormState, type FormStateOptions } from './use-form-state';
export { useFormValues, type FormValues, type FormValuesOptions } from './use-form-values';
