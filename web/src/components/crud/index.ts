export { default as CrudTable, confirmDelete, type SearchField } from './CrudTable'
export { cleanFilters, deleter, formToFilters, getFetcher, initialQuery, postFetcher, sortParams, type CrudFetcher, type CrudQuery } from './query'
export { useCrud, type Crud, type CrudOptions } from './useCrud'
