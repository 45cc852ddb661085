/** "2 days 3 hours", "45 minutes", "less than a minute": a fulfilment duration in seconds. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 60) return 'less than a minute';
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  const parts: string[] = [];
  let rest = seconds;
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
    rest -= count * size;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The orders list's address column: state-county-city-zip, skipping empty parts. */
export const orderAddress = (order: { state: string; county: string; city: string; zipCode: string }): string =>
  [order.state, order.county, order.city, order.zipCode].filter((part) => part && part.trim()).join(' - ');
