export { ButtonLink, type ButtonLinkProps } from './button-link';
export { LinkTile, LinkTileGrid, type LinkTileProps } from './link-tile';
export { TextLink, type TextLinkProps } from './text-link';
export { PageBreadcrumb, type Crumb, type PageBreadcrumbProps } from './page-breadcrumb';
export { AREA_ICONS } from './area-icons';
export { FigureGrid, type Figure } from './figure-grid';
