import { del, get, post, put } from './request'
import type { Preview, Run, RunInput, SourceInput, SourceView, Target } from './generated/dataSource'

export const listSources = () => get<SourceView[]>('/api/dataSources')
export const listTargets = () => get<Target[]>('/api/dataSources/targets')
export const createSource = (body: SourceInput) => post<SourceView>('/api/dataSources', body)
export const updateSource = (body: SourceInput) => put<void>('/api/dataSources', body)
export const deleteSources = (ids: number[]) => del<void>('/api/dataSources', ids)
export const previewSource = (body: SourceInput) => post<Preview>('/api/dataSources/preview', body)
export const runSource = (id: number, body: RunInput) => post<Run>(`/api/dataSources/${id}/run`, body)
export const sourceRuns = (id: number) => get<Run[]>(`/api/dataSources/${id}/runs`)
