export * from './use-list-params';
export { ListPager, type ListPagerProps } from './list-pager';
export {
  DataTable,
  type DataTableAction,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSelection,
  type DataTableSort,
} from './data-table';
export { TruncatedText } from './data-table-parts';
export { useDebounced } from './use-debounced';
export { useResetWhen } from './use-reset-when';
export { FilterDropdown, ListToolbar, type FilterDropdownProps, type ListToolbarProps } from './list-toolbar';
export { BadgeList, StackedCell } from './cells';
export { SearchInput, type SearchInputProps } from './search-input';
