import { post, put } from '@/api/request'
import { deleter, getFetcher, type CrudFetcher } from '@/components/crud'
import type { Dict, DictBody, DictDetail, DictDetailBody } from './types'

export const fetchDicts = getFetcher<Dict>('/api/dict')
export const createDict = (body: DictBody) => post<Dict>('/api/dict', body)
export const updateDict = (body: DictBody) => put<void>('/api/dict', body)
export const deleteDicts = deleter('/api/dict')

const detailPage = getFetcher<DictDetail>('/api/dictDetail')
/** Values of one dictionary (`dictName` plus the pane's own filters). */
export const detailFetcher =
  (dictName: string): CrudFetcher<DictDetail> =>
  (q) =>
    detailPage({ ...q, filters: { ...q.filters, dictName } })
export const createDetail = (body: DictDetailBody) => post<DictDetail>('/api/dictDetail', body)
export const updateDetail = (body: DictDetailBody) => put<void>('/api/dictDetail', body)
export const deleteDetails = deleter('/api/dictDetail')
