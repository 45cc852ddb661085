import { tokens, type GriffelStyle } from '@fluentui/react-components';

/**
 * The list of cards of the site reviews and a web page's articles: a `<ul>` of columns at least 300px wide,
 * each `<li>` stretching its card to the height of the row. Spread into the screen's makeStyles.
 */
export const CARD_GRID_STYLES = {
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  item: { display: 'flex', flexDirection: 'column' },
} satisfies Record<'grid' | 'item', GriffelStyle>;
