import { DownloadOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Empty, Form, Input, Select, Space, Table, Tabs, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { confirmAction } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import FormDialog from '@/components/FormDialog'
import type { OrgPickerItem } from '@/components/org/org'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import Permission, { useHasPermission } from '@/components/Permission'
import YearSelect from '@/components/YearSelect'
import { DICT_CRITERION, exportUrl, listCases, proposeCase, screenYear, type CaseView, type ScreenResult, type Stage } from './api'
import CaseDrawer from './CaseDrawer'
import { stateTag } from './view'

/** The organisations a case may concern: 党总支, 直属党支部, 党支部. */
const proposable = (o: OrgPickerItem) => ['3', '4', '5'].includes(o.type)

/** 提出候选: a committee names an organisation of its subtree, a criterion and the facts. */
function ProposeDialog({ year, onClose, onDone }: { year: number; onClose: () => void; onDone: () => void }) {
  const dicts = useDicts(DICT_CRITERION)
  const options = (dicts[DICT_CRITERION] ?? []).map((d) => ({ value: d.value, label: d.label }))
  return (
    <FormDialog<{ orgId: number; criterion: string; evidence: string }>
      title={`提出${year}年度软弱涣散党组织候选`}
      vertical
      onSubmit={(v) => proposeCase({ year, orgId: v.orgId, criterion: v.criterion, evidence: v.evidence.trim() })}
      successText="已列入排查候选"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item label="党组织" name="orgId" rules={[{ required: true, message: '请选择党组织' }]}>
        <OrgTreeSelect selectable={proposable} notFound="暂无可提出的党组织" />
      </Form.Item>
      <Form.Item label="认定标准" name="criterion" rules={[{ required: true, message: '请选择认定标准' }]}>
        <Select options={options} placeholder="请选择认定标准" />
      </Form.Item>
      <Form.Item label="事实依据" name="evidence" rules={[{ required: true, whitespace: true, message: '请输入事实依据' }]}>
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
    </FormDialog>
  )
}

const PAGE_SIZE = 20

/** One tab's list: the candidates still to decide, or the ledger of the confirmed. */
function CaseTable({ year, stage, open }: { year: number; stage: Stage; open: (id: number) => void }) {
  const [page, setPage] = useState(1)
  const [blurry, setBlurry] = useState('')
  const [typed, setTyped] = useState('')
  const { message } = App.useApp()
  const canExport = useHasPermission([PERM.rsrsExport])
  const q = useQuery({
    queryKey: ['rsrs', 'cases', year, stage, page, blurry],
    queryFn: () => listCases({ year, stage, page: page - 1, size: PAGE_SIZE, ...(blurry ? { blurry } : {}) }),
  })
  const ledger = stage === 'ledger'
  const columns = [
    { title: '党组织', dataIndex: 'orgName', ellipsis: true },
    { title: '认定标准', dataIndex: 'criteriaNames', ellipsis: true },
    { title: '状态', dataIndex: 'state', width: 100, render: (_: unknown, c: CaseView) => stateTag(c) },
    ...(ledger
      ? [
          { title: '联系领导', dataIndex: 'leader', width: 110, render: (v: string) => v || '未定' },
          { title: '整顿期限', dataIndex: 'deadline', width: 120, render: (v: string | null) => v ?? '未定' },
          {
            title: '整顿进展',
            dataIndex: 'progressCount',
            width: 170,
            render: (n: number, c: CaseView) => (n ? `${n}次，最近${c.lastProgressOn}` : '尚未报告'),
          },
          { title: '销号日期', dataIndex: 'closedOn', width: 120, render: (v: string | null) => v ?? '—' },
        ]
      : [{ title: '推荐意见', dataIndex: 'recommendOpinion', ellipsis: true, render: (v: string) => v || '—' }]),
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_: unknown, c: CaseView) => (
        <Button type="link" onClick={() => open(c.id)}>
          查看
        </Button>
      ),
    },
  ]
  const doExport = () =>
    downloadFile(exportUrl, { year, stage, ...(blurry ? { blurry } : {}) }, `${year}年软弱涣散党组织整顿台账.xlsx`).catch(
      () => void message.error('导出失败，请稍后重试'),
    )
  const empty = blurry
    ? '没有名称包含该关键词的党组织'
    : ledger
      ? `${year}年度暂无认定的软弱涣散党组织`
      : `${year}年度暂无排查候选：尚未进行年度排查，或排查未发现符合认定标准的党组织`
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input
          aria-label="党组织名称"
          placeholder="党组织名称"
          value={typed}
          allowClear
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => (setBlurry(typed.trim()), setPage(1))}
          style={{ width: 220 }}
        />
        <Button icon={<SearchOutlined />} onClick={() => (setBlurry(typed.trim()), setPage(1))}>
          搜索
        </Button>
        {ledger && canExport && (
          <Button icon={<DownloadOutlined />} onClick={() => void doExport()}>
            导出台账
          </Button>
        )}
      </Space>
      {q.isError && <Alert type="error" showIcon title="无法读取列表，请稍后重试" action={<Button onClick={() => void q.refetch()}>重试</Button>} />}
      <Table<CaseView>
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.content ?? []}
        columns={columns}
        locale={{ emptyText: <Empty description={empty} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.totalElements ?? 0, onChange: setPage, showTotal: (n) => `共 ${n} 条` }}
      />
    </Space>
  )
}

/** 软弱涣散党组织: the year's screening and candidates, and the ledger of the confirmed with their rectification. */
export default function WeakOrgPage() {
  const [params, setParams] = useSearchParams()
  const [year, setYear] = useState(dayjs().year() - 1)
  const [stage, setStage] = useState<Stage>('candidates')
  const [proposing, setProposing] = useState(false)
  const [version, setVersion] = useState(0)
  const opened = Number(params.get('id')) || 0
  const open = (id: number) => setParams({ id: String(id) })
  const refresh = () => setVersion((v) => v + 1)
  const { message } = App.useApp()
  const screen = () => {
    let r: ScreenResult | undefined
    void confirmAction(
      `将根据书记空缺、支部党员大会和会议统计数据排查${year}年度的党组织；已作出认定结论的记录保持不变。确定开始排查吗？`,
      async () => (r = await screenYear(year)),
      '排查完成',
    ).then((ok) => {
      if (!ok || !r) return
      void message.info(`排查${r.screened}个党组织：新增候选${r.added}个，更新${r.updated}个，移除${r.removed}个，保留已作结论${r.kept}个`)
      refresh()
    })
  }
  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <YearSelect value={year} onChange={setYear} past={5} />
        <Permission need={[PERM.rsrsScreen]}>
          <Button type="primary" onClick={screen}>
            年度排查
          </Button>
        </Permission>
        <Permission need={[PERM.rsrsPropose]}>
          <Button icon={<PlusOutlined />} onClick={() => setProposing(true)}>
            提出候选
          </Button>
        </Permission>
        <Typography.Text type="secondary">认定标准见字典“软弱涣散党组织认定标准”，排查的完成率下限在系统设置中调整</Typography.Text>
      </Space>
      <Tabs
        activeKey={stage}
        onChange={(k) => setStage(k as Stage)}
        items={[
          { key: 'candidates', label: '排查候选', children: <CaseTable key={`c${year}-${version}`} year={year} stage="candidates" open={open} /> },
          { key: 'ledger', label: '整顿台账', children: <CaseTable key={`l${year}-${version}`} year={year} stage="ledger" open={open} /> },
        ]}
      />
      {proposing && <ProposeDialog year={year} onClose={() => setProposing(false)} onDone={refresh} />}
      {opened > 0 && <CaseDrawer id={opened} onClose={() => setParams({})} onChanged={refresh} />}
    </Card>
  )
}
