import { makeStyles, tokens } from '@fluentui/react-components';
import { branchFlagPath } from '@backoffice/contracts';

const useStyles = makeStyles({
  flag: {
    display: 'inline-block',
    flexShrink: 0,
    width: '20px',
    height: '15px',
    objectFit: 'cover',
    borderRadius: '2px',
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralStroke2}`,
    verticalAlign: 'middle',
  },
});

/** A country's flag, served by the scheduling service (no outside site). */
export function CountryFlag({ ccn3, name }: { ccn3: string; name?: string }) {
  const styles = useStyles();
  return <img className={styles.flag} src={branchFlagPath(ccn3)} alt={name ? `Flag of ${name}` : ''} loading="lazy" />;
}
