export { formatDate, type DateStyle } from './format-date';
export { formatMoney } from './format-money';
export { browserTimeZone } from './time-zone';
