export { schemaFieldErrors, type SchemaIssues } from './schema-field-errors';
