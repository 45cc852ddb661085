/** The browser's time zone (IANA name, UTC if it has none): the server counts "today" and a period's days in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
