import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Empty, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { GRADES, type Definition, type Result, type RoundDetail } from '@/api/generated/cadreAssess'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { serverPager } from '@/components/pagerTotal'
import UnitSelect from '@/components/unit/UnitSelect'
import AppealTag from './AppealTag'
import { adjustGrades, resultsExport, roundResults } from './api'

const GRADE_COLORS: Record<string, string> = { 优秀: 'gold', 称职: 'green', 基本称职: 'orange', 不称职: 'red' }
export const GradeTag = ({ grade }: { grade: string }) => (grade ? <Tag color={GRADE_COLORS[grade]}>{grade}</Tag> : <>—</>)

/** The leaves of a definition with the path of names to each (德 › 政治素质), in the paper's order. */
export const leavesOf = (d: Definition) =>
  d.indicators.flatMap((i) => (i.children?.length ? i.children.map((c) => ({ key: c.key, name: `${i.name} › ${c.name}` })) : [{ key: i.key, name: i.name }]))

/** 调整等次: a grade and its reason, sent with the round's version. */
function AdjustDialog({ round, row, onClose, onDone }: { round: RoundDetail; row: Result; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ grade: string; reason: string }>
      title={`调整等次 · ${row.name}`}
      initialValues={{ grade: row.grade || row.autoGrade, reason: row.reason }}
      onClose={onClose}
      onDone={onDone}
      successText="等次已调整"
      onSubmit={(v) => adjustGrades(round.id, { updateTime: round.updateTime, grades: [{ id: row.id, grade: v.grade, reason: v.reason.trim() }] })}
    >
      <p>综合得分 {row.score ?? '—'}，自动等次 {row.autoGrade || '—'}。优秀人数仍不能超过比例上限。</p>
      <Form.Item name="grade" label="等次" rules={[{ required: true, message: '请选择等次' }]}>
        <Select options={GRADES.map((g) => ({ value: g, label: g }))} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="reason" label="调整理由" rules={[{ required: true, whitespace: true, message: '请输入调整理由' }]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  )
}

/**
 * A counted or confirmed round's results (结果 tab of 干部考核 and the page 综合得分): the comprehensive score,
 * each group's score, rank, the automatic and the final grade with the adjustment's reason; each row opens to its
 * indicators' scores and ballots, and an appeal's state. 调整等次 while counted (gbkh:grade); 导出 (gbkh:export).
 */
export default function ResultsTable({ round, onChanged }: { round: RoundDetail; onChanged: () => void }) {
  const mayGrade = useHasPermission([PERM.gbkhGrade]) && round.state === 'counted'
  const mayExport = useHasPermission([PERM.gbkhExport])
  const [unitId, setUnitId] = useState<number | undefined>()
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(1)
  const [adjusting, setAdjusting] = useState<Result | null>(null)
  const filters = { unitId, blurry: blurry || undefined }
  const q = useQuery({
    queryKey: ['gbkh', 'results', round.id, filters, page],
    queryFn: () => roundResults(round.id, { ...filters, page: page - 1, size: 20 }),
    placeholderData: keepPreviousData,
  })
  const d = round.definition
  const leaves = leavesOf(d)
  const columns: TableColumnsType<Result> = [
    { title: '排名', dataIndex: 'rank', width: 70, render: (r: number | null) => r ?? '—' },
    { title: '干部', dataIndex: 'name', width: 100 },
    { title: '单位', dataIndex: 'unitName', width: 160, ellipsis: true },
    { title: '职务', dataIndex: 'post', width: 140, ellipsis: true },
    { title: '综合得分', dataIndex: 'score', width: 100, render: (s: string | null) => s ?? '—' },
    ...d.groups.map((g) => ({ title: g.name, key: `g-${g.key}`, width: 100, render: (_: unknown, r: Result) => r.groups?.[g.key] ?? '—' })),
    { title: '自动等次', dataIndex: 'autoGrade', width: 100, render: (g: string) => <GradeTag grade={g} /> },
    { title: '等次', dataIndex: 'grade', width: 100, render: (g: string, r) => <GradeTag grade={g || r.autoGrade} /> },
    { title: '调整理由', dataIndex: 'reason', ellipsis: true, render: (t: string) => t || '—' },
    { title: '申诉', dataIndex: 'appealState', width: 110, render: (s: Result['appealState']) => (s ? <AppealTag state={s} /> : '—') },
    ...(mayGrade ? [{ title: '操作', key: 'op', width: 100, render: (_: unknown, r: Result) => <Button type="link" size="small" onClick={() => setAdjusting(r)}>调整等次</Button> }] : []),
  ]
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <UnitSelect style={{ width: 220 }} placeholder="全部单位" value={unitId} onChange={(v) => { setUnitId(v ?? undefined); setPage(1) }} />
        <Input.Search aria-label="干部姓名" placeholder="干部姓名" allowClear style={{ width: 200 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        {mayExport && (
          <Button onClick={() => void downloadFile(resultsExport(round.id), filters, `${round.name}综合得分.xlsx`).catch(() => ui.message.error('导出失败，请稍后重试'))}>导出</Button>
        )}
      </Space>
      <Table<Result>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.content}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={serverPager(page, setPage, 20, q.data)}
        locale={{ emptyText: <Empty description={unitId || blurry ? '没有符合条件的干部' : '本次考核没有参评干部'} /> }}
        expandable={{
          expandedRowRender: (r) => (
            <Descriptions size="small" column={3} bordered>
              {leaves.map((l) => <Descriptions.Item key={l.key} label={l.name}>{r.indicators?.[l.key] ?? '—'}</Descriptions.Item>)}
              {d.groups.map((g) => <Descriptions.Item key={`b-${g.key}`} label={`${g.name}有效票`}>{r.ballots?.[g.key] ?? 0}</Descriptions.Item>)}
            </Descriptions>
          ),
        }}
      />
      {adjusting && <AdjustDialog round={round} row={adjusting} onClose={() => setAdjusting(null)} onDone={onChanged} />}
    </>
  )
}
