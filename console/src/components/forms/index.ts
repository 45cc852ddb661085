export { schemaFieldErrors, type SchemaIssues } from './schema-field-errors';
export { UnsavedChangesGuard, UNSAVED_MESSAGE, UNSAVED_TITLE } from './unsaved-changes-guard';
