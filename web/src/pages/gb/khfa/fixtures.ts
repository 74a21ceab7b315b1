// Test data of 干部考核 (the scheme, round and evaluator pages' tests).
import { LEVEL_PRESETS, type Definition, type Result, type RoundDetail } from '@/api/generated/cadreAssess'

export const definition = (over: Partial<Definition> = {}): Definition => ({
  indicators: [
    { key: 'de', name: '德', weight: '0.3', judge: 'level', note: '' },
    { key: 'neng', name: '能', weight: '0.7', note: '', children: [
      { key: 'n1', name: '业务能力', weight: '0.5', judge: 'score', note: '' },
      { key: 'n2', name: '创新能力', weight: '0.5', judge: 'level', note: '' },
    ] },
  ],
  groups: [{ key: 'xld', name: '校领导', weight: '0.4' }, { key: 'jzg', name: '教职工代表', weight: '0.6' }],
  levels: LEVEL_PRESETS.grade.map((l) => ({ ...l })),
  thresholds: ['90', '70', '60'],
  excellentShare: '0.2',
  invalid: { uniform: true, incomplete: true },
  ...over,
})

export const round = (over: Partial<RoundDetail> = {}): RoundDetail => ({
  id: 5,
  name: '2026年度中层干部考核',
  year: 2026,
  schemeId: 1,
  schemeVersion: 2,
  state: 'counted',
  closesAt: null,
  openedAt: '2026-12-01T08:00:00Z',
  countedAt: '2026-12-10T08:00:00Z',
  confirmedAt: null,
  confirmedBy: '',
  createTime: '2026-11-20T08:00:00Z',
  updateTime: '2026-12-10T08:00:00Z',
  stateName: '待确认',
  schemeName: '中层领导班子考核方案',
  cadres: 2,
  units: 1,
  issued: 40,
  cast: 36,
  definition: definition(),
  draws: [],
  papers: [],
  ...over,
})

export const result = (over: Partial<Result> = {}): Result => ({
  id: 31,
  cadreId: 11,
  name: '王超',
  unitId: 3,
  post: '院长',
  score: '91.25',
  rank: 1,
  autoGrade: '优秀',
  grade: '',
  reason: '',
  appealState: '',
  appealReason: '',
  appealAt: null,
  appealReply: '',
  appealBy: '',
  unitName: '计算机学院',
  hasReport: true,
  groups: { xld: '93.00', jzg: '90.08' },
  indicators: { de: '95.00', n1: '88.50', n2: '90.20' },
  ballots: { xld: 5, jzg: 30 },
  ...over,
})
