import { downloadFile } from '@/api/file'
import type { QueryRequest, QueryResult, SavedQuery, SourceInfo } from '@/api/generated/statsQuery'
import { del, get, post, put } from '@/api/request'

// The query's JSON is the server's (zhdj gen: internal/stats/query, internal/platform/query).
export type {
  Condition,
  ConditionGroup,
  FieldInfo,
  FieldKind,
  QueryFilter,
  QueryRequest,
  QueryResult,
  SavedQuery,
  SourceInfo,
} from '@/api/generated/statsQuery'

const API = '/api/zhcx'

export const getSources = () => get<SourceInfo[]>(`${API}/sources`)
export const runQuery = (q: QueryRequest) => post<QueryResult>(`${API}/run`, q)
/** A download is a GET: the query travels as JSON in `q`. */
export const exportQuery = (q: QueryRequest, label: string) => downloadFile(`${API}/export`, { q: JSON.stringify(q) }, `综合查询-${label}.xlsx`)

export type SavedInput = Pick<SavedQuery, 'name' | 'source' | 'filter' | 'columns' | 'shared'> & { id?: number }

export const listSaved = () => get<SavedQuery[]>(`${API}/saved`)
export const createSaved = (s: SavedInput) => post<SavedQuery>(`${API}/saved`, s)
export const updateSaved = (s: SavedInput) => put<SavedQuery>(`${API}/saved`, s)
export const deleteSaved = (id: number) => del<void>(`${API}/saved`, [id])
