import { reconcile, type PaymentOfInvoice } from './reconciliation.policy';

const payment: PaymentOfInvoice = {
  orderId: '1a2b3c4d-0000-4000-8000-000000000001',
  invoiceNumber: '1a2b3c4d',
  amount: 120.5,
  paidAmount: 120.5,
};

describe('reconcile', () => {
  it('matches a settled charge to the order payment of its invoice number and amount', () => {
    expect(reconcile({ invoiceNumber: '1A2B3C4D', settleAmount: 120.5, transactionStatus: 'settledSuccessfully' }, [payment])).toEqual({
      flag: 'matched',
      orderId: payment.orderId,
      paidAmount: 120.5,
    });
  });

  it('flags a settled charge with no order', () => {
    expect(reconcile({ invoiceNumber: 'ffffffff', settleAmount: 10, transactionStatus: 'settledSuccessfully' }, [payment]).flag).toBe(
      'no-order',
    );
    expect(reconcile({ invoiceNumber: null, settleAmount: 10, transactionStatus: 'settledSuccessfully' }, [payment]).flag).toBe('no-order');
  });

  it('flags a settled charge whose amount differs from the payment, in exact cents', () => {
    const result = reconcile({ invoiceNumber: '1a2b3c4d', settleAmount: 120.49, transactionStatus: 'settledSuccessfully' }, [payment]);
    expect(result).toEqual({ flag: 'amount-mismatch', orderId: payment.orderId, paidAmount: 120.5 });
  });

  it('links but never flags declined, voided and refund transactions', () => {
    for (const status of ['declined', 'voided', 'refundSettledSuccessfully']) {
      expect(reconcile({ invoiceNumber: '1a2b3c4d', settleAmount: 1, transactionStatus: status }, [payment])).toMatchObject({
        flag: 'not-a-charge',
        orderId: payment.orderId,
      });
    }
  });
});
