import type { Key } from 'react'
import { del, get, post, put, type Page } from '@/api/request'
import type {
  CadresInput, DrawInput, Draw, GradeInput, Opened, ReportInput, Result, Round, RoundCadre, RoundDetail, RoundInput, VersionInput,
} from '@/api/generated/cadreAssess'
import { GBKH } from '../khfa/api'

export const ROUNDS = `${GBKH}/rounds`
const round = (id: number) => `${ROUNDS}/${id}`

export interface PageQuery {
  page: number
  size: number
  unitId?: number
  blurry?: string
}

export const fetchRound = (id: number) => get<RoundDetail>(round(id))
export const createRound = (body: RoundInput) => post<Round>(ROUNDS, body)
export const updateRound = (body: RoundInput) => put<Round>(ROUNDS, body)
/** Drafts only. */
export const deleteRounds = (ids: readonly Key[]) => del<void>(`${ROUNDS}/${ids.join(',')}`)

export const roundCadres = (id: number, q: PageQuery) => get<Page<RoundCadre>>(`${round(id)}/cadres`, q)
export const addCadres = (id: number, body: CadresInput) => post<{ added: number }>(`${round(id)}/cadres`, body)
export const removeCadres = (id: number, ids: readonly Key[]) => del<void>(`${round(id)}/cadres/${ids.join(',')}`)
export const cadreReport = (id: number, rowId: number) => get<ReportInput>(`${round(id)}/cadres/${rowId}/report`)
export const saveReport = (id: number, rowId: number, body: ReportInput) => put<void>(`${round(id)}/cadres/${rowId}/report`, body)

export const addDraw = (id: number, body: DrawInput) => post<Draw>(`${round(id)}/draws`, body)
export const removeDraws = (id: number, ids: readonly Key[]) => del<void>(`${round(id)}/draws/${ids.join(',')}`)

export const openRound = (id: number, body: VersionInput) => post<Opened>(`${round(id)}/open`, body)
export const closeRound = (id: number, body: VersionInput) => post<Round>(`${round(id)}/close`, body)
export const confirmRound = (id: number, body: VersionInput) => post<Round>(`${round(id)}/confirm`, body)
export const adjustGrades = (id: number, body: GradeInput) => post<void>(`${round(id)}/adjust`, body)

export const roundResults = (id: number, q: PageQuery) => get<Page<Result>>(`${round(id)}/results`, q)
export const resultsExport = (id: number) => `${round(id)}/results/export`

/** A role of the 按角色 draw (GET /api/roles/all: the roles the caller may see, with their codes). */
export interface RoleChoice {
  id: number
  name: string
  code?: string
}
export const allRoles = () => get<RoleChoice[]>('/api/roles/all', undefined, { silent: true })
