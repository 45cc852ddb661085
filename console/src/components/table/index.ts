export * from './use-list-params';
export { ListPager, type ListPagerProps } from './list-pager';
