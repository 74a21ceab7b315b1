import { del, get, post, put, type Page } from '@/api/request'
import type { Document, DocumentInput, Holder, IssueResult, Occupancy, WithdrawInput } from '@/api/generated/cadreQuota'
import type { RemoteOption } from '@/components/RemoteSelect'

/** 职数管理's endpoints (internal/cadre/quota). */
export const API = '/api/gbzs'
export const POSITIONS = `${API}/positions`
export const QUOTAS = `${API}/quotas`
export const UNITS = `${API}/units`
export const DOCUMENTS = `${API}/documents`

export const fetchHolders = (positionId: number) => get<Holder[]>(`${POSITIONS}/${positionId}/holders`)
export const fetchTotal = () => get<Occupancy>(`${UNITS}/total`)
export const fetchDocument = (id: number) => get<Document>(`${DOCUMENTS}/${id}`)
export const createDocument = (body: DocumentInput) => post<Document>(DOCUMENTS, body)
export const updateDocument = (id: number, body: DocumentInput) => put<Document>(`${DOCUMENTS}/${id}`, body)
export const deleteDocuments = (ids: number[]) => del(DOCUMENTS, ids)
export const issueDocument = (id: number) => post<IssueResult>(`${DOCUMENTS}/${id}/issue`)
export const withdrawDocument = (id: number, body: WithdrawInput) => post<Document>(`${DOCUMENTS}/${id}/withdraw`, body)

/** A cadre of the base's picker (GET /api/common/gbjbxx, the caller's cadre scope). */
interface CadrePick {
  id: number
  name: string
  unitName?: string
  post?: string
}

export const searchCadres = (text: string): Promise<RemoteOption[]> =>
  get<Page<CadrePick>>('/api/common/gbjbxx', { page: 0, size: 50, ...(text ? { blurry: text } : {}) }).then((p) =>
    p.content.map((c) => ({ value: c.id, label: [c.name, c.unitName, c.post].filter(Boolean).join(' · ') })),
  )

interface PositionPick {
  id: number
  name: string
  unitName: string
  levelLabel: string
  holders: number
}

export const searchPositions = (text: string): Promise<RemoteOption[]> =>
  get<Page<PositionPick>>(POSITIONS, { page: 0, size: 50, ...(text ? { blurry: text } : {}) }).then((p) =>
    p.content.map((x) => ({ value: x.id, label: `${x.unitName} · ${x.name}（${x.levelLabel}，现任${x.holders}人）` })),
  )

/**
 * Tells the open pages of this browser that the cadre base changed (spec §9, gb_base_refresh): the server
 * publishes the event on its bus; no push reaches other browsers yet, so pages of this one hear it here.
 */
export function announceBaseRefresh(name: string) {
  window.dispatchEvent(new CustomEvent(name))
}
