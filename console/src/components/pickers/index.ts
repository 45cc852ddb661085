export { PICKER_PAGE_SIZE, useStaffSearch, useStaffUser } from './use-staff-search';
export { UserPicker, type PickedUser, type UserPickerProps } from './user-picker';
