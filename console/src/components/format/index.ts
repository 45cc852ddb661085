export { formatDate, type DateStyle } from './format-date';
export { formatMoney } from './format-money';
