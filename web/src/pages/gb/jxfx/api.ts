import { downloadFile } from '@/api/file'
import { get } from '@/api/request'
import type { CadreTrend, RoundAnalysis } from '@/api/generated/cadreAssess'
import { GBKH } from '../khfa/api'

const ANALYSIS = `${GBKH}/analysis`

/** A round's distributions; with a unit, its team against the whole round. */
export const roundAnalysis = (id: number, unitId: number | null) =>
  get<RoundAnalysis>(`${ANALYSIS}/round/${id}`, unitId ? { unitId } : undefined)
export const exportRoundAnalysis = (id: number, name: string) =>
  downloadFile(`${ANALYSIS}/round/${id}/export`, undefined, `${name}-各单位分布.xlsx`)
/** A cadre over the years; a 404 (no result in the caller's scope) is the page's to say, not a toast. */
export const cadreTrend = (cadreId: number) => get<CadreTrend>(`${ANALYSIS}/cadre/${cadreId}`, undefined, { silent: true })
