import type { PointsEntry, Proposal, Rule } from '@/api/generated/points'

/** Rows of the 党员积分 API as the server answers them, for the page tests. */
export const entry = (over: Partial<PointsEntry> = {}): PointsEntry => ({
  id: 1, memberId: 7, memberName: '张三', orgId: 3, orgName: '计算机教工党支部', year: 2026, points: 2, kind: 'attend', kindName: '参加组织生活',
  source: 'orglife', link: '', text: '参加组织生活：学习党章（2026-03-10）', createTime: '2026-03-10T08:00:00Z', ...over,
})

export const proposal = (over: Partial<Proposal> = {}): Proposal => ({
  id: 11, memberId: 7, memberName: '张三', orgId: 3, orgName: '计算机教工党支部', kind: 'volunteer', kindName: '志愿服务', points: 3,
  reason: '社区志愿服务', earnedOn: '2026-05-04', state: 'pending', stateName: '待审核', proposedBy: '支部书记', decidedBy: '', decidedAt: null,
  remark: '', createTime: '2026-05-05T08:00:00Z', updateTime: '2026-05-05T08:00:00Z', ...over,
})

export const rules: Rule[] = [
  { key: 'attend', name: '参加组织生活（每次）', points: 2, default: 2, min: 0, max: 20, deduction: false, remark: '会议结束时出勤为已签到或迟到' },
  { key: 'absent', name: '无故缺席组织生活（每次扣）', points: 2, default: 2, min: 0, max: 20, deduction: true, remark: '请假不扣分' },
]
