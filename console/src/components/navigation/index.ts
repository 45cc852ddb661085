export { ButtonLink, type ButtonLinkProps } from './button-link';
export { LinkTile, LinkTileGrid, type LinkTileProps } from './link-tile';
export { TextLink, type TextLinkProps } from './text-link';
