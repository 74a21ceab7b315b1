import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Checkbox, Modal, Space, Table, Tag, Tooltip } from 'antd'
import { useState } from 'react'
import { deleteSources, listSources, listTargets, runSource, sourceRuns } from '@/api/dataSource'
import { SOURCE_TYPE_NAMES, type Run, type SourceView } from '@/api/generated/dataSource'
import { PERM } from '@/api/permissions'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import { formatTime } from '@/utils/time'
import SourceDialog from './SourceDialog'

/** What a run did; leavers only for a source that marks them. */
const counts = (r: Run, s: Pick<SourceView, 'absentStatus'>) =>
  `读取 ${r.records}：新增 ${r.newCount}，更新 ${r.changedCount}，未变 ${r.unchangedCount}，有误 ${r.invalidCount}` +
  (s.absentStatus ? `，${r.dry ? '将标记' : ''}离校 ${r.leftCount}，返校 ${r.returnedCount}` : '')

/** A source's runs, newest first. */
function Runs({ source, onClose }: { source: SourceView; onClose: () => void }) {
  const { data = [], isFetching } = useQuery({ queryKey: ['ds-runs', source.id], queryFn: () => sourceRuns(source.id) })
  return (
    <Modal {...DIALOG_DEFAULTS} open width={960} title={`同步记录：${source.name}`} footer={null} onCancel={onClose}>
      <Table<Run>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        locale={{ emptyText: '还没有同步过' }}
        columns={[
          { title: '开始时间', dataIndex: 'startedAt', width: 160, render: (v: string) => formatTime(v) },
          {
            title: '方式',
            width: 110,
            render: (_, r) => (
              <Space size={4}>
                {r.dry && <Tag>试运行</Tag>}
                {r.scheduled ? <Tag color="blue">定时</Tag> : <span>{r.byName}</span>}
              </Space>
            ),
          },
          { title: '结果', dataIndex: 'status', width: 70, render: (v: string) => (v === 'ok' ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>) },
          { title: '说明', render: (_, r) => (r.status === 'ok' ? counts(r, source) : r.message) },
          { title: '导入批次', dataIndex: 'batchIds', width: 110, render: (v: string) => v || '-' },
        ]}
      />
      <Alert
        style={{ marginTop: 12 }}
        type="info"
        showIcon
        message="每次同步按导入批次写入（在对应信息库的“导入”中可查看批次和有误的行）；试运行的批次未写入，可在那里查看后导入或删除。"
      />
    </Modal>
  )
}

/** 数据源配置: the HR and student systems as sources of 教师信息, 学生信息 and 班级信息. */
export default function DataSourcePage() {
  const client = useQueryClient()
  const canEdit = useHasPermission([PERM.dataSourceEdit])
  const canRun = useHasPermission([PERM.dataSourceRun])
  const { data = [], isFetching } = useQuery({ queryKey: ['data-sources'], queryFn: listSources })
  const { data: targets = [] } = useQuery({ queryKey: ['data-source-targets'], queryFn: listTargets })
  const [editing, setEditing] = useState<SourceView | null | undefined>(undefined)
  const [history, setHistory] = useState<SourceView | null>(null)
  const [running, setRunning] = useState<number | null>(null)
  const reload = () => client.invalidateQueries({ queryKey: ['data-sources'] })
  const targetName = (key: string) => targets.find((t) => t.key === key)?.label ?? key
  const absentName = (s: SourceView) =>
    `“${targets.find((t) => t.key === s.target)?.absentStatuses.find((o) => o.value === s.absentStatus)?.label ?? s.absentStatus}”`

  const run = (s: SourceView, dry: boolean) => {
    // Read when the dialog is confirmed: the checkbox is rendered once, inside it.
    let manyLeavers = false
    const leavers = s.absentStatus ? `来源中不再出现的人员将标记为${absentName(s)}（不删除）。` : ''
    ui.modal.confirm({
      ...DIALOG_DEFAULTS,
      title: dry ? '试运行' : '立即同步',
      content: dry ? (
        `读取“${s.name}”并逐条校验，但不写入${targetName(s.target)}。${s.absentStatus ? '同时统计将标记离校的人数。' : ''}`
      ) : (
        <Space orientation="vertical">
          <span>{`读取“${s.name}”并写入${targetName(s.target)}：新增和变化的记录将被保存，有误的记录跳过。${leavers}确定同步吗？`}</span>
          {s.absentStatus && (
            <Checkbox onChange={(e) => (manyLeavers = e.target.checked)}>允许批量标记离校（超过在校在职人数的一成，如毕业季；请先试运行核对人数）</Checkbox>
          )}
        </Space>
      ),
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setRunning(s.id)
        try {
          const r = await runSource(s.id, dry || !s.absentStatus ? { dry } : { dry, manyLeavers })
          ui.message.success(`${dry ? '试运行完成' : '同步完成'}：${counts(r, s)}`)
        } catch {
          // the reason came through the request pipeline
        } finally {
          setRunning(null)
          await reload()
        }
      },
    })
  }

  const remove = (s: SourceView) =>
    ui.modal.confirm({
      ...DIALOG_DEFAULTS,
      title: '删除数据源',
      content: `确定删除“${s.name}”吗？已同步的数据和导入批次保留。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteSources([s.id])
        ui.message.success('删除成功')
        await reload()
      },
    })

  return (
    <Card variant="borderless">
      <Space style={{ marginBottom: 12 }}>
        {canEdit && (
          <Button type="primary" onClick={() => setEditing(null)} disabled={targets.length === 0}>
            新增数据源
          </Button>
        )}
      </Space>
      <Table<SourceView>
        rowKey="id"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: '还没有数据源：新增人事系统或学生系统，把教职工、学生和班级同步到信息库' }}
        columns={[
          { title: '名称', dataIndex: 'name', width: 180 },
          { title: '同步到', dataIndex: 'target', width: 100, render: targetName },
          { title: '类型', dataIndex: 'type', width: 150, render: (v: SourceView['type']) => SOURCE_TYPE_NAMES[v] },
          { title: '地址', dataIndex: 'endpointHint', ellipsis: true },
          { title: '定时', dataIndex: 'scheduled', width: 70, render: (v: boolean) => (v ? <Tag color="blue">每天</Tag> : '-') },
          {
            title: '最近同步',
            width: 260,
            render: (_, s) =>
              s.lastRunAt ? (
                <Tooltip title={s.lastMessage}>
                  <Space size={4}>
                    {s.lastStatus === 'ok' ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>}
                    {formatTime(s.lastRunAt)}
                  </Space>
                </Tooltip>
              ) : (
                '未同步'
              ),
          },
          {
            title: '操作',
            width: 300,
            fixed: 'right',
            render: (_, s) => (
              <Space size={0} wrap>
                {canEdit && (
                  <Button type="link" size="small" onClick={() => setEditing(s)}>
                    编辑
                  </Button>
                )}
                {canRun && (
                  <>
                    <Button type="link" size="small" disabled={running !== null} onClick={() => run(s, true)}>
                      试运行
                    </Button>
                    <Button type="link" size="small" loading={running === s.id} disabled={running !== null && running !== s.id} onClick={() => run(s, false)}>
                      立即同步
                    </Button>
                  </>
                )}
                <Button type="link" size="small" onClick={() => setHistory(s)}>
                  同步记录
                </Button>
                {canEdit && (
                  <Button type="link" size="small" danger onClick={() => remove(s)}>
                    删除
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined && (
        <SourceDialog source={editing} targets={targets} onClose={() => setEditing(undefined)} onDone={() => void reload()} />
      )}
      {history && <Runs source={history} onClose={() => setHistory(null)} />}
    </Card>
  )
}
