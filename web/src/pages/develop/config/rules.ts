import type { RuleConfig } from '@/api/develop'

/** The numbers of RULES.md §2 as the configuration page names them (the unit in the label). */
export const RULE_LABELS: { key: keyof RuleConfig; label: string; min: number; max: number }[] = [
  { key: 'minAge', label: '入党申请人最低年龄（周岁）', min: 16, max: 30 },
  { key: 'talkWithinMonths', label: '收到入党申请后谈话期限（月）', min: 1, max: 12 },
  { key: 'activistMinMonths', label: '积极分子培养考察最短期限（月）', min: 1, max: 36 },
  { key: 'reviewEveryMonths', label: '积极分子考察间隔（月）', min: 1, max: 12 },
  { key: 'trainingMinHours', label: '集中培训最少学时', min: 1, max: 200 },
  { key: 'trainingMinDays', label: '集中培训最少天数', min: 1, max: 30 },
  { key: 'politicalReviewMonths', label: '政治审查有效期（月）', min: 1, max: 36 },
  { key: 'meetingAfterPreMonths', label: '预审后召开支部大会期限（月）', min: 1, max: 12 },
  { key: 'reportRediscussMonths', label: '决议报送期限（月，超过须重新讨论）', min: 1, max: 12 },
  { key: 'reportRestartMonths', label: '决议报送最长期限（月，超过须重新履行程序）', min: 1, max: 24 },
  { key: 'approvalNormalMonths', label: '上级党委审批期限（月）', min: 1, max: 12 },
  { key: 'approvalMaxMonths', label: '上级党委审批最长期限（月）', min: 1, max: 24 },
  { key: 'probationMonths', label: '预备期（月）', min: 1, max: 36 },
  { key: 'extensionMinMonths', label: '延长预备期最短（月）', min: 1, max: 24 },
  { key: 'extensionMaxMonths', label: '延长预备期最长（月）', min: 1, max: 24 },
  { key: 'fullApprovalMonths', label: '转正审批期限（月）', min: 1, max: 12 },
  { key: 'noticeWorkdays', label: '公示最少工作日', min: 1, max: 30 },
  { key: 'leavingMonths', label: '离校前不予接收期限（月）', min: 0, max: 24 },
  { key: 'contactPersons', label: '培养联系人最多人数', min: 1, max: 5 },
  { key: 'sponsors', label: '入党介绍人人数', min: 1, max: 5 },
]
