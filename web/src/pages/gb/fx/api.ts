import { downloadFile } from '@/api/file'
import { get } from '@/api/request'
import type { Structure, UnitLine } from '@/api/generated/gbanalysis'

// The analysis' JSON is the server's (zhdj gen: internal/cadre/analysis).
export type { Cell, Dimension, Structure, UnitLine } from '@/api/generated/gbanalysis'

const unitParams = (unitId: number | null) => (unitId ? { unitId } : undefined)

export const getStructure = (unitId: number | null) => get<Structure>('/api/gb/fx/structure', unitParams(unitId))
export const exportStructure = (unitId: number | null) => downloadFile('/api/gb/fx/structure/export', unitParams(unitId), '干部队伍结构分析.xlsx')
export const getUnits = () => get<UnitLine[]>('/api/gb/fx/units')
export const exportUnits = () => downloadFile('/api/gb/fx/units/export', undefined, '各单位干部队伍结构.xlsx')
