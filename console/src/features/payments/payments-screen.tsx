import { Body1, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CreditCardPersonRegular, ReceiptRegular } from '@fluentui/react-icons';
import { PageHeader } from '../../components/layout';
import { ButtonLink } from '../../components/navigation';

const useStyles = makeStyles({
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: tokens.spacingHorizontalL },
  card: { rowGap: tokens.spacingVerticalM },
  text: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** /admin/payments: the way to the card settlement view and to the orders whose receipts list their payments. */
export default function PaymentsScreen() {
  const styles = useStyles();
  return (
    <>
      <PageHeader
        title="Payments"
        description="Card settlement from Authorize.Net and order payments."
        back={{ to: '/admin/reports', label: 'Back to reports' }}
        actions={
          <ButtonLink to="auth-net" appearance="primary" icon={<CreditCardPersonRegular />}>
            Card payments
          </ButtonLink>
        }
      />
      <div className={styles.cards}>
        <Card className={styles.card}>
          <CardHeader
            image={<CreditCardPersonRegular fontSize={28} />}
            header={<Text weight="semibold">Card settlement (Authorize.Net)</Text>}
          />
          <Body1 className={styles.text}>
            Settled batches for a period of up to 31 days, with their charge amounts per card type. Open a batch to see its transactions,
            matched to their orders through the invoice number; transactions without an order or with a different amount are flagged.
          </Body1>
          <div className={styles.actions}>
            <ButtonLink to="auth-net" appearance="secondary">
              Open card settlement
            </ButtonLink>
          </div>
        </Card>
        <Card className={styles.card}>
          <CardHeader image={<ReceiptRegular fontSize={28} />} header={<Text weight="semibold">Order payments</Text>} />
          <Body1 className={styles.text}>
            Each order&apos;s payments (total, merchant, status and transactions) are shown on its receipt. An order becomes Paid when its
            payments cover its amount.
          </Body1>
          <div className={styles.actions}>
            <ButtonLink to="/admin/clients-orders" appearance="secondary">
              Open orders
            </ButtonLink>
          </div>
        </Card>
      </div>
    </>
  );
}
