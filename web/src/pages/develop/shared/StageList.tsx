import { Button, Checkbox, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { fetchRecords, STAGE_NAMES, type DevRecord } from '@/api/develop'
import { PERM } from '@/api/permissions'
import { AddButton, defineResource, filterField, ImportButton, ResourcePage, type Field, type Selection } from '@/components/crud'
import { nameColumn } from '@/components/flow/nameColumn'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import BatchDialog from './BatchDialog'
import CreateDialog from './CreateDialog'
import { ENDED_SHOWN, type ListStage } from './stages'

/** A stage's key dates: its columns and date-range filters. */
const KEY_DATES: Record<ListStage, { name: keyof DevRecord & string; label: string }[]> = {
  applicant: [
    { name: 'appliedOn', label: '申请入党日期' },
    { name: 'talkedOn', label: '谈话日期' },
  ],
  activist: [
    { name: 'appliedOn', label: '申请入党日期' },
    { name: 'activistOn', label: '确定积极分子日期' },
  ],
  target: [
    { name: 'activistOn', label: '确定积极分子日期' },
    { name: 'targetOn', label: '确定发展对象日期' },
  ],
  probationary: [
    { name: 'admittedOn', label: '接收预备党员日期' },
    { name: 'approvedOn', label: '上级党委审批日期' },
    { name: 'probationEndsOn', label: '预备期满日期' },
  ],
}

/** Why a stage's list is empty when no filter narrows it. */
const EMPTY: Record<ListStage, string> = {
  applicant: '暂无入党申请人：点击「新增入党申请」登记递交入党申请书的人员',
  activist: '暂无入党积极分子：入党申请人经「推荐和确定入党积极分子」后列在这里',
  target: '暂无发展对象：入党积极分子经「确定发展对象」后列在这里',
  probationary: '暂无预备党员：发展对象经「支部大会讨论接收预备党员」后列在这里',
}

/** The due date of the current step: red once overdue, orange within 7 days. */
export function DueCell({ record }: { record: DevRecord }) {
  if (!record.dueOn) return <Typography.Text type="secondary">—</Typography.Text>
  if (record.dueState === 'overdue')
    return (
      <span className="due-overdue">
        <Typography.Text type="danger">{record.dueOn}</Typography.Text> <Tag color="red">已逾期</Tag>
      </span>
    )
  if (record.dueState === 'soon')
    return (
      <span className="due-soon">
        <Typography.Text type="warning">{record.dueOn}</Typography.Text> <Tag color="orange">即将到期</Tag>
      </span>
    )
  return <span>{record.dueOn}</span>
}

/** The filter of the current step's due date. */
const DUE_OPTIONS = [
  { value: 'soon', label: '即将到期' },
  { value: 'overdue', label: '已逾期' },
]

/**
 * The list of one stage (入党申请人, 入党积极分子, 发展对象, 预备党员): search by name/number, branch subtree, due
 * state and the stage's key dates; export; 批量办理 of records at one step; on the applicant list 新增入党申请.
 */
export default function StageList({ stage }: { stage: ListStage }) {
  const navigate = useNavigate()
  // 预备党员 may include those made full, 入党申请人 the records ended at any stage (?with=full|ended).
  const [params, setParams] = useSearchParams()
  const ended = ENDED_SHOWN[stage]
  const withEnded = !!ended && params.get('with') === ended.stage
  const stages = withEnded && ended ? [stage, ended.stage] : stage
  const [creating, setCreating] = useState(false)
  const [batch, setBatch] = useState<Selection<DevRecord> | null>(null)
  const canAct = useHasPermission([PERM.fzdyBranch, PERM.fzdyCommittee, PERM.fzdyDepartment])
  const open = (r: DevRecord) => navigate(`/develop/record?id=${r.id}`)
  const resource = defineResource<DevRecord>({
    key: `fzdy-${stage}-${withEnded ? 'with' : 'only'}`,
    columnsKey: `develop.${stage}`,
    noun: STAGE_NAMES[stage],
    api: { fetch: (q) => fetchRecords({ ...q, filters: { ...q.filters, stage: stages } }) },
    keyword: '姓名或学号/工号',
    permissions: { export: PERM.fzdyExport },
    export: { url: '/api/fzdy/export', fileName: `${STAGE_NAMES[stage]}.xlsx`, params: () => ({ stage: stages }) },
    emptyText: EMPTY[stage],
    noMatchText: `没有符合条件的${STAGE_NAMES[stage]}`,
    searchVisible: 3,
    fields: [
      { name: 'name', label: '姓名', column: nameColumn<DevRecord>(open, (r) => r.stage !== stage && <Tag style={{ marginInlineStart: 6 }}>{r.stageName}</Tag>) },
      { name: 'personNo', label: '学号/工号', width: 130, column: { sorter: true } },
      { name: 'genderLabel', label: '性别', width: 60 },
      { name: 'orgId', label: '党支部', display: 'orgName', type: 'custom', width: 200, column: { sorter: true }, search: { label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> } },
      { name: 'stepName', label: '当前环节', width: 190 },
      filterField('due', '办理期限', { single: true }, 'select', { options: DUE_OPTIONS }),
      ...KEY_DATES[stage].map((d): Field<DevRecord> => ({ ...d, type: 'date', width: 130, column: { sorter: true }, search: { range: true } })),
      { name: 'dueOn', label: '办理期限', type: 'date', width: 170, column: { sorter: true }, render: (_: unknown, r: DevRecord) => <DueCell record={r} /> },
    ],
  })

  return (
    <ResourcePage<DevRecord>
      resource={resource}
      rowActions={(r) => [{ key: 'detail', label: '详情', onClick: () => open(r) }]}
      toolbar={({ crud }) => (
        <>
          {ended && (
            <Checkbox checked={withEnded} onChange={(e) => setParams(e.target.checked ? { with: ended.stage } : {}, { replace: true })}>
              {ended.label}
            </Checkbox>
          )}
          {stage === 'applicant' && (
            <>
              <AddButton need={PERM.fzdyAdd} onClick={() => setCreating(true)}>
                新增入党申请
              </AddButton>
              <ImportButton need={PERM.fzdyImport} kind="fzdy" title="发展党员记录（历史入党申请人、积极分子、发展对象）" onDone={crud.reload} />
            </>
          )}
        </>
      )}
      batchActions={
        canAct
          ? (sel) => (
              <Button disabled={sel.rows.length === 0} onClick={() => setBatch(sel)}>
                批量办理
              </Button>
            )
          : undefined
      }
      dialogs={({ crud }) => (
        <>
          {creating && <CreateDialog onClose={() => setCreating(false)} onDone={crud.reload} />}
          {batch && (
            <BatchDialog
              rows={batch.rows}
              onClose={() => setBatch(null)}
              onDone={() => {
                batch.clear()
                crud.reload()
              }}
            />
          )}
        </>
      )}
    />
  )
}
