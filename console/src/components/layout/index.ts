export { AddButton, type AddButtonProps } from './add-button';
export { ExportButton, type ExportButtonProps } from './export-button';
export { ForbiddenPage } from './forbidden-page';
export { NotFoundPage } from './not-found-page';
export { PageHeader, type PageHeaderProps } from './page-header';
export { RouteErrorPage } from './route-error-page';
export { StatusPage, type StatusPageProps } from './status-page';
export { PRODUCT_NAME, useDocumentTitle } from './use-document-title';
export { PHONE_QUERY, usePhone } from './use-phone';
