import { Badge, Button, Card, CardFooter, CardPreview, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BoxRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { RecordHistoryButton } from '../../../components/audit';
import type { Service } from '@backoffice/contracts';

const useStyles = makeStyles({
  card: { height: '100%', boxSizing: 'border-box' },
  inactive: { opacity: 0.7 },
  preview: {
    height: '150px',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  image: { width: '100%', height: '150px', objectFit: 'cover', display: 'block' },
  placeholder: {
    height: '150px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '48px',
    color: tokens.colorNeutralForeground4,
  },
  body: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, flexGrow: 1 },
  name: { overflowWrap: 'anywhere' },
  prices: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  before: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
  meta: { color: tokens.colorNeutralForeground3 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/** "5 days", "48 hours", or nothing when no delivery time is set. */
export function deliveryText(service: Pick<Service, 'deliveryTime' | 'deliveryTimeRate'>): string | undefined {
  if (!service.deliveryTime || service.deliveryTimeRate === 'None') return undefined;
  const unit = service.deliveryTimeRate.toLowerCase();
  return `${service.deliveryTime} ${service.deliveryTime === 1 ? unit.replace(/s$/, '') : unit}`;
}

export interface ServiceCardProps {
  service: Service;
  money(amount: number): string;
  onEdit(): void;
  onDelete(): void;
}

/** A service as a card: image, name, price, Edit and Delete. */
export function ServiceCard({ service, money, onEdit, onDelete }: ServiceCardProps) {
  const styles = useStyles();
  const delivery = deliveryText(service);
  const facts = [delivery ? `Delivery in ${delivery}` : undefined, service.deliveryType !== 'None' ? service.deliveryType : undefined]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card className={service.active ? styles.card : `${styles.card} ${styles.inactive}`} data-testid={`service-${service.id}`}>
      <CardPreview className={styles.preview}>
        {service.images[0] ? (
          <img className={styles.image} src={service.images[0]} alt={service.name} loading="lazy" />
        ) : (
          <span className={styles.placeholder} aria-hidden="true">
            <BoxRegular />
          </span>
        )}
      </CardPreview>
      <div className={styles.body}>
        <Text as="h3" weight="semibold" size={400} className={styles.name} style={{ margin: 0 }}>
          {service.name}
        </Text>
        <span className={styles.prices}>
          <Text size={500} weight="semibold" data-testid="service-price">
            {money(service.price)}
          </Text>
          {service.priceBefore > service.price && (
            <Text className={styles.before} aria-label={`was ${money(service.priceBefore)}`}>
              {money(service.priceBefore)}
            </Text>
          )}
        </span>
        {facts && (
          <Text size={200} className={styles.meta}>
            {facts}
          </Text>
        )}
        <span className={styles.badges}>
          {!service.active && (
            <Badge appearance="tint" color="subtle">
              Inactive
            </Badge>
          )}
          {service.serviceFiles.length > 0 && (
            <Badge appearance="tint" color="informative">
              {service.serviceFiles.length} required {service.serviceFiles.length === 1 ? 'file' : 'files'}
            </Badge>
          )}
        </span>
      </div>
      <CardFooter>
        <Button icon={<EditRegular />} onClick={onEdit} aria-label={`Edit ${service.name}`}>
          Edit
        </Button>
        <Button icon={<DeleteRegular />} onClick={onDelete} aria-label={`Delete ${service.name}`}>
          Delete
        </Button>
        <RecordHistoryButton
          title={service.name}
          record={{ area: 'catalogue', entityType: 'CatalogueService', recordId: String(service.id) }}
        />
      </CardFooter>
    </Card>
  );
}
