import { DownloadOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Dropdown, Empty, Popover, Segmented, Select, Space, Table, Tag, Timeline, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { confirmAction } from '@/components/crud/confirm'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import {
  exportBranchRanking,
  exportCommitteeRanking,
  getBranchRanking,
  getCommitteeRanking,
  MARK_NAMES,
  markHistory,
  setMark,
  type BranchRank,
  type CommitteeRank,
  type Mark,
  type RankingQuery,
} from './api'

const PAGE_SIZE = 20
const MARK_OPTIONS = [{ value: '', label: '全部' }, { value: 'marked', label: '已标记' }, ...Object.entries(MARK_NAMES).map(([value, label]) => ({ value, label }))]

/** 标记记录: when a branch was marked or unmarked, by whom and why. */
function MarkHistory({ id }: { id: number }) {
  const history = useQuery({ queryKey: ['dzzjs', 'marks', id], queryFn: () => markHistory(id) })
  if (!history.data) return null
  if (history.data.length === 0) return <Typography.Text type="secondary">暂无标记记录</Typography.Text>
  return (
    <Timeline
      items={history.data.map((m) => ({
        content: `${dayjs(m.at).format('YYYY-MM-DD HH:mm')} ${m.by}：${m.markName ? `标记为${m.markName}` : `取消${m.previousName}`}${m.reason ? `（${m.reason}）` : ''}`,
      }))}
    />
  )
}

/** The 组织部's mark menu of a reviewed branch: 示范党支部, 样板党支部 or none. */
function MarkMenu({ row, onDone }: { row: BranchRank; onDone: () => void }) {
  const choose = (mark: string) =>
    void confirmAction(
      mark ? `确定将${row.orgName}标记为${MARK_NAMES[mark as Mark]}吗？` : `确定取消${row.orgName}的${row.markName}标记吗？`,
      async () => {
        await setMark(row.assessmentId, mark)
        onDone()
      },
      mark ? `已标记为${MARK_NAMES[mark as Mark]}` : '已取消标记',
      !mark,
    )
  const items = [
    ...(Object.entries(MARK_NAMES) as [Mark, string][]).filter(([m]) => m !== row.mark).map(([m, label]) => ({ key: m, label: `标记为${label}` })),
    ...(row.mark ? [{ key: '', label: '取消标记', danger: true }] : []),
  ]
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => choose(key) }}>
      <Button type="link" size="small">
        标记
      </Button>
    </Dropdown>
  )
}

/**
 * 排名: the reviewed branches ranked by reviewed total (equal totals share a place, ordered by name) within the
 * caller's scope or the chosen organisation, filtered by mark; and the 二级党委s by their branches' average.
 * The 组织部 marks 示范/样板党支部 here; both rankings export in the report layout.
 */
export default function RankingTab({ year }: { year: number }) {
  const client = useQueryClient()
  const [view, setView] = useState<'branches' | 'committees'>('branches')
  const [orgId, setOrgId] = useState<number | null>(null)
  const [mark, setMarkFilter] = useState('')
  const [page, setPage] = useState(0)
  const [busy, setBusy] = useState(false)
  const canExport = useHasPermission([PERM.dzzjsExport])
  const canMark = useHasPermission([PERM.dzzjsMark])
  const q: RankingQuery = { year, orgId, mark }
  const branches = useQuery({
    queryKey: ['dzzjs', 'ranking', 'branches', q, page],
    queryFn: () => getBranchRanking(q, page, PAGE_SIZE),
    enabled: view === 'branches',
    placeholderData: keepPreviousData,
  })
  const committees = useQuery({
    queryKey: ['dzzjs', 'ranking', 'committees', q, page],
    queryFn: () => getCommitteeRanking(q, page, PAGE_SIZE),
    enabled: view === 'committees',
    placeholderData: keepPreviousData,
  })
  const current = view === 'branches' ? branches : committees
  const pagination = { current: page + 1, pageSize: PAGE_SIZE, total: current.data?.totalElements ?? 0, hideOnSinglePage: true, onChange: (p: number) => setPage(p - 1) }
  const reload = () => void client.invalidateQueries({ queryKey: ['dzzjs'] })
  const download = async () => {
    setBusy(true)
    try {
      await (view === 'branches' ? exportBranchRanking(q) : exportCommitteeRanking(q))
    } catch {
      ui.message.error('导出失败，请稍后重试')
    } finally {
      setBusy(false)
    }
  }
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${year}年度${orgId ? '所选党组织下' : '管理范围内'}尚无审核完成的自评，审核后按审核得分排名`} />
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented
          value={view}
          onChange={(v) => {
            setView(v as typeof view)
            setPage(0)
          }}
          options={[
            { value: 'branches', label: '党支部排名' },
            { value: 'committees', label: '二级党委排名' },
          ]}
        />
        <OrgTreeSelect
          value={orgId}
          onChange={(v) => {
            setOrgId(typeof v === 'number' ? v : null)
            setPage(0)
          }}
          placeholder="全部（管理范围内）"
          style={{ width: 260 }}
        />
        {view === 'branches' && (
          <Select
            aria-label="标记"
            style={{ width: 130 }}
            value={mark}
            options={MARK_OPTIONS}
            onChange={(v) => {
              setMarkFilter(v)
              setPage(0)
            }}
          />
        )}
        {canExport && (
          <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
            导出排名
          </Button>
        )}
      </Space>
      {current.isError && <Alert type="error" showIcon title="排名加载失败" action={<Button onClick={() => void current.refetch()}>重试</Button>} />}
      {view === 'branches' ? (
        <Table<BranchRank>
          rowKey="assessmentId"
          size="middle"
          loading={branches.isFetching}
          dataSource={branches.data?.content}
          pagination={pagination}
          locale={{ emptyText: empty }}
          columns={[
            { title: '名次', dataIndex: 'rank', width: 70 },
            { title: '党支部', dataIndex: 'orgName' },
            { title: '所属二级党委', dataIndex: 'committeeName' },
            { title: '自评得分', dataIndex: 'selfTotal', width: 100, align: 'right' },
            { title: '审核得分', dataIndex: 'reviewTotal', width: 100, align: 'right' },
            {
              title: '标记',
              dataIndex: 'markName',
              width: 200,
              render: (_, r) => (
                <Space size={0}>
                  {r.markName ? <Tag color="gold">{r.markName}</Tag> : '—'}
                  <Popover title="标记记录" content={<MarkHistory id={r.assessmentId} />} trigger="click">
                    <Button type="link" size="small">
                      记录
                    </Button>
                  </Popover>
                  {canMark && <MarkMenu row={r} onDone={reload} />}
                </Space>
              ),
            },
          ]}
        />
      ) : (
        <Table<CommitteeRank>
          rowKey="orgId"
          size="middle"
          loading={committees.isFetching}
          dataSource={committees.data?.content}
          pagination={pagination}
          locale={{ emptyText: empty }}
          columns={[
            { title: '名次', dataIndex: 'rank', width: 70 },
            { title: '二级党委', dataIndex: 'orgName' },
            { title: '参评党支部', dataIndex: 'branches', width: 100, align: 'right' },
            { title: '平均分', dataIndex: 'average', width: 90, align: 'right' },
            { title: '最高分', dataIndex: 'highest', width: 90, align: 'right' },
            { title: '最低分', dataIndex: 'lowest', width: 90, align: 'right' },
            { title: '示范党支部', dataIndex: 'models', width: 100, align: 'right' },
            { title: '样板党支部', dataIndex: 'samples', width: 100, align: 'right' },
          ]}
        />
      )}
    </Space>
  )
}
