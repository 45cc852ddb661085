const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** An amount in the user's locale, e.g. formatMoney(1234.5, 'USD') → "$1,234.50". */
export function formatMoney(amount: number, currency: string): string {
  try {
    return formatterFor(currency.toUpperCase()).format(amount);
  } catch {
    // An unknown currency code: still show the amount rather than break the screen.
    return `${amount.toFixed(2)} ${currency}`;
  }
}
