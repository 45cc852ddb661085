import { lazy } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';
import type { GeoPoint } from '@backoffice/contracts';
import { LazyPart } from '../../components/feedback';

const BranchMap = lazy(() => import('./branch-map'));

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: tokens.spacingHorizontalM },
  mapHeader: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  mapHint: { color: tokens.colorNeutralForeground3 },
  mapFallback: { height: '300px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
});

export interface LocationColumnProps {
  lat: string;
  lng: string;
  /** The point on the map, once both coordinates are right. */
  picked: GeoPoint | null;
  latError: string | undefined;
  lngError: string | undefined;
  onPick(point: GeoPoint | null): void;
  onChange(field: 'lat' | 'lng', value: string): void;
  onBlur(field: 'lat' | 'lng'): void;
}

/** The branch's place: clicked on the map or typed as coordinates. */
export function LocationColumn({ lat, lng, picked, latError, lngError, onPick, onChange, onBlur }: LocationColumnProps) {
  const styles = useStyles();
  return (
    <div className={styles.column}>
      <div className={styles.mapHeader}>
        <Text weight="semibold">
          <LocationRegular aria-hidden="true" /> Location on the map
        </Text>
        <Button appearance="subtle" size="small" disabled={!lat && !lng} onClick={() => onPick(null)}>
          Clear location
        </Button>
      </div>
      <Text size={200} className={styles.mapHint}>
        Click the map to place the branch, or type its coordinates.
      </Text>
      <LazyPart label="Loading the map…" spinnerSize="small" className={styles.mapFallback}>
        <BranchMap label="Branch location picker" picked={picked} onPick={onPick} height="300px" />
      </LazyPart>
      <div className={styles.pair}>
        <Field label="Latitude" validationMessage={latError}>
          <Input
            inputMode="decimal"
            value={lat}
            placeholder="e.g. 40.7484"
            onChange={(_e, data) => onChange('lat', data.value)}
            onBlur={() => onBlur('lat')}
          />
        </Field>
        <Field label="Longitude" validationMessage={lngError}>
          <Input
            inputMode="decimal"
            value={lng}
            placeholder="e.g. -73.9857"
            onChange={(_e, data) => onChange('lng', data.value)}
            onBlur={() => onBlur('lng')}
          />
        </Field>
      </div>
    </div>
  );
}
