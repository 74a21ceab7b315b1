import type { Key } from 'react'
import { del, get, post, put, type Page } from '@/api/request'
import type { PositionView } from '@/api/generated/cadreQuota'
import type { MotionInput, Selection } from '@/api/generated/cadreSelection'
import { getFlow } from '@/components/flow'
import type { RemoteOption } from '@/components/RemoteSelect'

/** 选拔任用纪实's endpoints (internal/cadre/xbry); the workflow is mounted under the same base. */
export const API = '/api/gbxbry'
export const EXPORT = `${API}/export`

export const fetchSelection = (id: number) => get<Selection>(`${API}/${id}`)
export const createSelection = (body: MotionInput) => post<Selection>(API, body)
/** Only while 民主推荐; `updateTime` is the version the form was opened with. */
export const updateSelection = (id: number, body: MotionInput) => put<Selection>(API, { ...body, id })
/** Only selections still at 民主推荐 (else 409 with the reason). */
export const deleteSelections = (ids: readonly Key[]) => del<void>(API, { ids })
/** 终止 a selection under way, at the flow's version the page showed. */
export const stopSelection = (id: number, version: number, reason: string) => post<Selection>(`${API}/${id}/stop`, { version, reason })
export const selectionFlow = (id: number) => getFlow(API, id)

/** The post of a 动议, as its picker shows it: 单位 · 岗位（职级）. */
export const positionLabel = (p: Pick<PositionView, 'unitName' | 'name' | 'levelLabel'>) => `${p.unitName} · ${p.name}${p.levelLabel ? `（${p.levelLabel}）` : ''}`

/** 拟任岗位's picker over 职数管理's posts (GET /api/gbzs/positions, the caller's units). */
export const searchPositions = (text: string): Promise<RemoteOption[]> =>
  get<Page<PositionView>>('/api/gbzs/positions', { page: 0, size: 20, ...(text ? { blurry: text } : {}) }).then((p) =>
    p.content.map((x) => ({ value: x.id, label: positionLabel(x) })),
  )

export { searchCadres } from '@/pages/gb/zsgl/api'
