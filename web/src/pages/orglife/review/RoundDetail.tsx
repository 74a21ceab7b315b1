import { ArrowLeftOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, DatePicker, Descriptions, Empty, Form, Input, Select, Space, Spin, Table, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { REPORT_STATE_NAMES, REPORT_STATES, ROUND_STATE_NAMES, type ReportView } from '@/api/generated/secreview'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { exportUrl, listReports, moveDue, roundAction, roundDetail } from './api'
import { clock, GradeTag, secretaryText, StateTag } from './view'
import { serverPager } from '@/components/pagerTotal'

const STATE_OPTIONS = Object.entries(REPORT_STATE_NAMES).map(([value, label]) => ({ value: Number(value), label }))

/** One round: its facts and grade distribution, the secretaries' table, the organiser's actions. */
export default function RoundDetail({ id, onBack, onOpenReport }: { id: number; onBack: () => void; onOpenReport: (id: number) => void }) {
  const client = useQueryClient()
  const canExport = useHasPermission([PERM.szpyExport])
  const [page, setPage] = useState(1)
  const [state, setState] = useState<number | undefined>()
  const [blurry, setBlurry] = useState('')
  const [moving, setMoving] = useState(false)
  const round = useQuery({ queryKey: ['szpy', 'round', id], queryFn: () => roundDetail(id) })
  const reports = useQuery({
    queryKey: ['szpy', 'reports', id, page, state, blurry],
    queryFn: () => listReports(id, { page: page - 1, size: 20, state, blurry: blurry || undefined }),
    placeholderData: keepPreviousData,
  })
  const refresh = () => client.invalidateQueries({ queryKey: ['szpy'] })
  const act = (action: 'close' | 'reopen') =>
    ui.modal.confirm({
      title: action === 'close' ? '结束评议' : '重新开启评议',
      content: action === 'close' ? '结束后书记不能再提交，评定结果不再修改。确定结束吗？' : '重新开启后可继续提交和评定。确定重新开启吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await roundAction(id, action)
        ui.message.success(action === 'close' ? '评议已结束' : '评议已重新开启')
        await refresh()
      },
    })
  if (round.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (round.isError || !round.data) return <Alert type="error" showIcon title="述职评议不存在或您无权查看" action={<Button onClick={onBack}>返回</Button>} />
  const r = round.data
  const open = r.state === 'open'
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>返回</Button>
        <Typography.Title level={4} style={{ margin: 0 }}>{r.title}</Typography.Title>
        <Tag color={open ? 'processing' : 'default'}>{ROUND_STATE_NAMES[r.state]}</Tag>
      </Space>
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="组织评议">{r.orgName}</Descriptions.Item>
        <Descriptions.Item label="述职对象">{r.levelName}</Descriptions.Item>
        <Descriptions.Item label="截止日期">{r.dueOn}</Descriptions.Item>
        <Descriptions.Item label="应述职">{r.total - r.vacant}（书记空缺 {r.vacant}）</Descriptions.Item>
        <Descriptions.Item label="已提交">{r.submitted}（逾期 {r.late}）</Descriptions.Item>
        <Descriptions.Item label="已评定">{r.graded}{r.returned > 0 && `（退回修改 ${r.returned}）`}</Descriptions.Item>
        <Descriptions.Item label="等次分布" span={3}>
          <Space wrap>{r.grades.map((g) => <span key={g.grade}><GradeTag grade={g.grade} />{g.count} 人</span>)}</Space>
        </Descriptions.Item>
      </Descriptions>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select aria-label="状态" allowClear placeholder="状态" style={{ width: 120 }} options={STATE_OPTIONS} value={state} onChange={(v) => { setState(v); setPage(1) }} />
        <Input.Search aria-label="党组织或书记" placeholder="党组织或书记" allowClear style={{ width: 220 }} onSearch={(v) => { setBlurry(v.trim()); setPage(1) }} />
        {r.canManage && open && <Button onClick={() => setMoving(true)}>修改截止日期</Button>}
        {r.canManage && open && <Button onClick={() => act('close')}>结束评议</Button>}
        {r.canManage && !open && <Button onClick={() => act('reopen')}>重新开启</Button>}
        {canExport && <Button onClick={() => void downloadFile(exportUrl(id), { state, blurry: blurry || undefined }, `${r.title}结果.xlsx`).catch(() => ui.message.error('导出失败，请稍后重试'))}>导出</Button>}
      </Space>
      <Table<ReportView>
        rowKey="id"
        size="middle"
        loading={reports.isFetching}
        dataSource={reports.data?.content}
        pagination={serverPager(page, setPage, 20, reports.data)}
        locale={{ emptyText: <Empty description={state || blurry ? '没有符合条件的述职记录' : '本次评议没有您管理范围内的党组织'} /> }}
        columns={[
          { title: '党组织', dataIndex: 'orgName' },
          { title: '书记', render: (_, p) => secretaryText(p), width: 160 },
          { title: '状态', render: (_, p) => <StateTag report={p} />, width: 100 },
          { title: '提交时间', render: (_, p) => <>{clock(p.submittedAt)}{p.late && <Tag color="red" style={{ marginLeft: 4 }}>逾期</Tag>}</>, width: 200 },
          { title: '评定等次', render: (_, p) => <GradeTag grade={p.grade} />, width: 90 },
          { title: '评定人', dataIndex: 'reviewer', width: 110, render: (v: string) => v || '—' },
          {
            title: '操作',
            width: 90,
            render: (_, p) => (
              <Button type="link" size="small" onClick={() => onOpenReport(p.id)}>
                {p.canGrade && open && p.state === REPORT_STATES.submitted ? '评定' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      {moving && (
        <FormDialog<{ dueOn: Dayjs }> title="修改截止日期" width={420} initialValues={{ dueOn: dayjs(r.dueOn) }} successText="截止日期已修改"
          onSubmit={(v) => moveDue(id, { dueOn: v.dueOn.format('YYYY-MM-DD') })} onClose={() => setMoving(false)} onDone={() => void refresh()}>
          <p>已提交的述职报告保持原逾期判断。</p>
          <Form.Item name="dueOn" label="截止日期" rules={[{ required: true, message: '请选择截止日期' }]}>
            <DatePicker />
          </Form.Item>
        </FormDialog>
      )}
    </>
  )
}
