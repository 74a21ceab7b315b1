import { Button, Tooltip, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { actionColumn, confirmAction, CrudTable, RowActions, useCrud } from '@/components/crud'
import { timeCell } from '@/components/format'
import { useHasPermission } from '@/components/Permission'
import { ON, runStateTag, SwitchCell } from '@/components/schedule'
import RemindersDrawer from './components/RemindersDrawer'
import WindowDialog from './components/WindowDialog'
import { fetchRules, runRule, updateRule } from './service'
import type { RemindRule } from './types'

/**
 * 智能提醒: the reminder rules the modules offer. The job 智能提醒 (定时任务) evaluates the rules
 * switched on every day; each due record is reminded of once, in the message centre of its
 * organisation's secretaries and administrators and of the person concerned.
 */
export default function RemindPage() {
  const crud = useCrud<RemindRule>({ key: 'remind-rules', fetch: fetchRules })
  const canEdit = useHasPermission([PERM.remindEdit])
  const [editing, setEditing] = useState<RemindRule | null>(null)
  const [viewing, setViewing] = useState<RemindRule | null>(null)

  const runNow = (r: RemindRule) =>
    void confirmAction(`确定立即执行“${r.name}”吗？到期的记录将提醒到相关人员。`, async () => {
      const after = await runRule(r.type)
      if (after.lastError) ui.message.error(`执行失败：${after.lastError}`)
      else ui.message.info(`共 ${after.lastCount} 条记录到期`)
    }, '执行完成').then((ran) => ran && crud.reload())

  const columns: TableProps<RemindRule>['columns'] = [
    { title: '提醒类型', dataIndex: 'name', width: 200 },
    { title: '提前提醒', dataIndex: 'window', width: 100, render: (d: number) => `${d} 天` },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 100,
      render: (enabled: number, r) => (
        <SwitchCell enabled={enabled} canEdit={canEdit} label={r.name} onChange={(v) => updateRule({ type: r.type, enabled: v }).then(crud.reload)} />
      ),
    },
    { title: '运行状态', dataIndex: 'runState', width: 90, render: runStateTag },
    { title: '上次运行', dataIndex: 'lastRunTime', width: 170, render: (t: string | null) => (t ? timeCell(t) : <Typography.Text type="secondary">从未运行</Typography.Text>) },
    {
      title: '到期记录',
      dataIndex: 'lastCount',
      width: 100,
      render: (n: number, r) =>
        r.lastError ? (
          <Tooltip title={r.lastError}>
            <Typography.Text type="danger">运行失败</Typography.Text>
          </Tooltip>
        ) : (
          n
        ),
    },
    {
      title: '当前提醒',
      dataIndex: 'open',
      width: 100,
      render: (n: number, r) => (
        <Button type="link" size="small" onClick={() => setViewing(r)}>
          {n} 条
        </Button>
      ),
    },
    actionColumn<RemindRule>(
      (r) => (
        <RowActions
          actions={[
            { key: 'edit', label: '编辑', need: PERM.remindEdit, onClick: () => setEditing(r) },
            {
              key: 'run',
              label: '立即执行',
              need: PERM.remindRun,
              disabled: r.enabled !== ON,
              tip: r.enabled !== ON ? '已停用的提醒不能执行' : undefined,
              onClick: () => runNow(r),
            },
          ]}
        />
      ),
      150,
    ),
  ]

  return (
    <>
      <CrudTable<RemindRule> crud={crud} columns={columns} rowKey="type" scrollX={1000} />
      {editing && <WindowDialog rule={editing} onClose={() => setEditing(null)} onDone={crud.reload} />}
      {viewing && <RemindersDrawer rule={viewing} onClose={() => setViewing(null)} />}
    </>
  )
}
