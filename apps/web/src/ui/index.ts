export { Avatar } from './Avatar';
export { Badge, type BadgeTone } from './Badge';
export { DemoStrategyBadge } from './DemoStrategyBadge';
export { Button, buttonClasses, type ButtonProps, type ButtonVariant } from './Button';
export { Card } from './Card';
export { CopyButton, COPIED_MS } from './CopyButton';
export { EmptyState } from './EmptyState';
export { Modal, ModalClose } from './Modal';
export { PasswordInput } from './PasswordInput';
export { LoadingBlock, LoadingScreen, Spinner } from './Spinner';
export { LoadingPlaceholder, type LoadingPlaceholderProps } from './LoadingPlaceholder';
export { TextField, inputClasses, type TextFieldProps } from './TextField';
export { SearchInput } from './SearchInput';
export * from './icons';
export { BrandMark } from './BrandMark';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export { QueryErrorState, type QueryErrorStateProps } from './QueryErrorState';
export { LoadMore, type NextPages } from './LoadMore';
export { DialogActions } from './DialogActions';
export { ConfirmDialog, type ConfirmDialogProps, type ConfirmDialogReason } from './ConfirmDialog';
export {
  MutationDialog,
  type MutationDialogConfirm,
  type MutationDialogProps,
} from './MutationDialog';
export { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
export { DetailItem, DetailRow } from './DetailList';
export { FilterChips, type FilterChipOption } from './FilterChips';
export { signTone } from './tone';
export { useDebouncedValue } from './useDebouncedValue';
export { SkipLink } from './SkipLink';
export { toastReport } from './toastReport';
export type { ModalProps } from './Modal';
export { SelectField, type SelectFieldProps } from './SelectField';
