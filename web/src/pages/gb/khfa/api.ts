import type { Key } from 'react'
import { del, get, post, put, type Page } from '@/api/request'
import type { CopyInput, Definition, Scheme, SchemeDetail, SchemeInput, SchemeVersion } from '@/api/generated/cadreAssess'
import type { RemoteOption } from '@/components/RemoteSelect'

/** 干部考核's endpoints (internal/cadre/assess, docs/assess.md). */
export const GBKH = '/api/gbkh'
export const SCHEMES = `${GBKH}/schemes`

export const schemeDefaults = () => get<Definition>(`${SCHEMES}/defaults`)
export const fetchScheme = (id: number) => get<SchemeDetail>(`${SCHEMES}/${id}`)
export const schemeVersions = (id: number) => get<SchemeVersion[]>(`${SCHEMES}/${id}/versions`)
export const createScheme = (body: SchemeInput) => post<Scheme>(SCHEMES, body)
/** The next version; 409 when `updateTime` is not the one the form was opened with. */
export const updateScheme = (body: SchemeInput) => put<Scheme>(SCHEMES, body)
export const copyScheme = (id: number, body: CopyInput) => post<Scheme>(`${SCHEMES}/${id}/copy`, body)
/** Refused (409, with the reason) while a round uses one of them. */
export const deleteSchemes = (ids: readonly Key[]) => del<void>(SCHEMES, { ids })

/** The schemes of a round's picker: name, year and version. */
export const searchSchemes = (text: string): Promise<RemoteOption[]> =>
  get<Page<Scheme>>(SCHEMES, { page: 0, size: 50, ...(text ? { blurry: text } : {}) }).then((p) =>
    p.content.map((s) => ({ value: s.id, label: `${s.year} · ${s.name}（${s.cadreGroup}，第 ${s.version} 版）` })),
  )
