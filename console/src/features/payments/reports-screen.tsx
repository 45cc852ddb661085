import { DataBarVerticalRegular, PaymentRegular, ReceiptRegular } from '@fluentui/react-icons';
import { PageHeader } from '../../components/layout';
import { LinkTileGrid, type LinkTileProps } from '../../components/navigation';

const REPORTS: readonly LinkTileProps[] = [
  {
    to: '/admin/payments',
    testId: 'report-payments',
    title: 'Payments',
    description: 'Card payments and settlement batches.',
    icon: <PaymentRegular />,
  },
  {
    to: '/admin/clients-orders',
    testId: 'report-orders',
    title: 'Orders',
    description: 'Client orders and their receipts.',
    icon: <ReceiptRegular />,
  },
  {
    to: '/admin/salesagent-report',
    testId: 'report-services',
    title: 'Services',
    description: 'Sales agent report for a date range.',
    icon: <DataBarVerticalRegular />,
  },
];

/** The reports menu (/admin/reports). */
export default function ReportsScreen() {
  return (
    <>
      <PageHeader title="Reports" description="Choose a report." />
      <LinkTileGrid label="Reports" tiles={REPORTS} />
    </>
  );
}
