import type { Key } from 'react'
import { del, get, post, put, type Page } from '@/api/request'
import type {
  AnswerInput, AppealInput, CadresInput, DrawInput, Draw, GradeInput, MyResult, Opened, ReportInput, Result, RoleBrief, Round, RoundCadre,
  RoundDetail, RoundInput, VersionInput,
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
export const deleteRounds = (ids: readonly Key[]) => del<void>(ROUNDS, { ids })

export const roundCadres = (id: number, q: PageQuery) => get<Page<RoundCadre>>(`${round(id)}/cadres`, q)
export const addCadres = (id: number, body: CadresInput) => post<{ added: number }>(`${round(id)}/cadres`, body)
export const removeCadres = (id: number, ids: readonly Key[]) => del<void>(`${round(id)}/cadres`, { ids })
export const cadreReport = (id: number, rowId: number) => get<ReportInput>(`${round(id)}/cadres/${rowId}/report`)
export const saveReport = (id: number, rowId: number, body: ReportInput) => put<void>(`${round(id)}/cadres/${rowId}/report`, body)

export const addDraw = (id: number, body: DrawInput) => post<Draw>(`${round(id)}/draws`, body)
export const removeDraws = (id: number, ids: readonly Key[]) => del<void>(`${round(id)}/draws`, { ids })

export const openRound = (id: number, body: VersionInput) => post<Opened>(`${round(id)}/open`, body)
export const closeRound = (id: number, body: VersionInput) => post<Round>(`${round(id)}/close`, body)
export const confirmRound = (id: number, body: VersionInput) => post<Round>(`${round(id)}/confirm`, body)
export const adjustGrades = (id: number, body: GradeInput) => post<void>(`${round(id)}/adjust`, body)

/** The rounds with results (counted or confirmed), newest first. */
export const roundsWithResults = async () => {
  const [counted, confirmed] = await Promise.all(
    (['counted', 'confirmed'] as const).map((state) => get<Page<Round>>(ROUNDS, { page: 0, size: 100, state })),
  )
  return [...counted.content, ...confirmed.content].sort((a, b) => b.year - a.year || b.id - a.id)
}

/** The round's appeals (of the caller's units), in the order they came. */
export const roundAppeals = (id: number) => get<Result[]>(`${round(id)}/appeals`)
export const answerAppeal = (id: number, rowId: number, body: AnswerInput) => post<RoundDetail>(`${round(id)}/appeals/${rowId}`, body)

/** The signed-in cadre's results, newest first; a 404 (no linked cadre record) is the page's to say. */
export const myResults = () => get<MyResult[]>(`${GBKH}/mine`, undefined, { silent: true })
export const appealResult = (rowId: number, body: AppealInput) => post<{ appealed: boolean }>(`${GBKH}/mine/${rowId}/appeal`, body)

export const roundResults = (id: number, q: PageQuery) => get<Page<Result>>(`${round(id)}/results`, q)
export const resultsExport = (id: number) => `${round(id)}/results/export`

/** The roles a 按角色 draw may name, with how many enabled accounts hold each. */
export const allRoles = () => get<RoleBrief[]>(`${GBKH}/roles`, undefined, { silent: true })
