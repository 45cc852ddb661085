import { tokens, type GriffelStyle } from '@fluentui/react-components';

/**
 * The thumbnail of an uploaded image with its round remove button in the corner, as a catalogue record's images
 * and a web article's show it: spread into the field's makeStyles, with the tile's size and the button's inset.
 */
export const IMAGE_TILE_STYLES = {
  tile: {
    position: 'relative',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  image: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  remove: { position: 'absolute', backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4 },
} satisfies Record<'tile' | 'image' | 'remove', GriffelStyle>;
