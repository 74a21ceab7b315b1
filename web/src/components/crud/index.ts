export { default as AddButton } from './AddButton'
export { default as ChildTable } from './ChildTable'
export { default as CrudTable, confirmDelete, exportParams, type ExportAction, type SearchField, type Selection } from './CrudTable'
export { columnKey, columnPrefKey, useColumnSettings, type ColumnPrefs } from './columnSettings'
export { columnDefaults, DEFAULT_WIDTHS } from './columnDefaults'
export { confirmAction, confirmDeleteOf } from './confirm'
export { default as ImportButton } from './ImportButton'
export { cleanFilters, deleter, formToFilters, getFetcher, initialQuery, listFetcher, postFetcher, sortParams, wholeList, type CrudFetcher, type CrudQuery } from './query'
export {
  defineResource,
  filterField,
  toBody,
  toFormValues,
  type Field,
  type FieldType,
  type FormContext,
  type Resource,
  type ResourceApi,
  type ResourcePermissions,
} from './resource'
export { default as ResourceDescriptions } from './ResourceDescriptions'
export { default as DetailDrawer } from './DetailDrawer'
export { default as ResourceForm } from './ResourceForm'
export { default as ResourceFormItems } from './ResourceFormItems'
export { default as ResourcePage, type ResourcePageApi } from './ResourcePage'
export { default as TrailDrawer } from './TrailDrawer'
export { useResourceColumns } from './resourceColumns'
export { searchFieldsOf } from './resourceSearch'
export { actionColumn, default as RowActions, type RowAction } from './RowActions'
export { deleteAction, editAction, type DeleteActionOptions } from './rowActionsOf'
export { useCrud, type Crud, type CrudOptions } from './useCrud'
export { useSelection } from './useSelection'
export { default as Dependent } from './Dependent'
