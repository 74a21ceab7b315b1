import { useQuery } from '@tanstack/react-query'
import { PERM } from '@/api/permissions'
import { Space, Tag, Tooltip, Typography, type TableProps } from 'antd'
import { useMemo, useState } from 'react'
import { actionColumn, AddButton, CrudTable, deleteAction, editAction, RowActions, useCrud } from '@/components/crud'
import { useConfigStore } from '@/stores/config'
import { timeCell } from '@/components/format'
import ConfigForm from './components/ConfigForm'
import { allConfigs, deleteConfigs, fetchConfigs } from './service'
import { GROUP_LABELS, SECRET_MASK, VALUE_KINDS, type SysConfig } from './types'

const groupLabel = (g: string) => GROUP_LABELS[g] ?? g

/** How a value reads in the table: by kind, secrets masked. */
export function valueCell(c: SysConfig) {
  if (c.isSecret) return <Typography.Text type="secondary">{SECRET_MASK}</Typography.Text>
  if (c.valueKind === 'bool') return c.configValue === 'true' ? <Tag color="green">是</Tag> : <Tag>否</Tag>
  if (!c.configValue) return <Typography.Text type="secondary">（空）</Typography.Text>
  return (
    <Tooltip title={c.configValue.length > 30 ? c.configValue : undefined} placement="topLeft">
      <span style={c.valueKind === 'regex' ? { fontFamily: 'monospace' } : undefined}>{c.configValue}</span>
    </Tooltip>
  )
}

/** 系统配置: every setting, edited with a control for its kind. */
export default function ConfigPage() {
  const crud = useCrud<SysConfig>({ key: 'sys-config', fetch: fetchConfigs })
  const all = useQuery({ queryKey: ['sys-config', 'all'], queryFn: allConfigs })
  const groups = useMemo(() => [...new Set((all.data ?? []).map((c) => c.configGroup).filter(Boolean))].sort(), [all.data])
  const [editing, setEditing] = useState<SysConfig | 'new' | null>(null)

  // The shell reads the public settings (title, footer, password rule): reload them as well.
  const changed = () => {
    crud.reload()
    void all.refetch()
    void useConfigStore.getState().load()
  }

  const columns: TableProps<SysConfig>['columns'] = [
    { title: '配置名称', dataIndex: 'configName', sorter: true, width: 180 },
    { title: '配置键', dataIndex: 'configKey', sorter: true, width: 180, render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
    { title: '配置值', dataIndex: 'configValue', ellipsis: { showTitle: false }, render: (_, c) => valueCell(c) },
    { title: '分组', dataIndex: 'configGroup', width: 100, sorter: true, render: groupLabel },
    { title: '类型', dataIndex: 'valueKind', width: 100, render: (k: string) => VALUE_KINDS.find((v) => v.value === k)?.label ?? k },
    {
      title: '属性',
      key: 'flags',
      width: 110,
      render: (_, c) => (
        <Space size={2}>
          {c.isPublic && <Tag color="blue">公开</Tag>}
          {c.isSecret && <Tag color="red">保密</Tag>}
        </Space>
      ),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, width: 200 },
    { title: '更新时间', dataIndex: 'updateTime', width: 170, sorter: true, render: timeCell },
    actionColumn<SysConfig>(
      (c) => (
        <RowActions
          actions={[
            editAction(PERM.sysConfigEdit, () => setEditing(c)),
            deleteAction(PERM.sysConfigDel, c.configName || c.configKey, () => deleteConfigs([c.id]), changed, { kind: '配置', note: '系统内置配置不能删除' }),
          ]}
        />
      ),
      120,
    ),
  ]

  return (
    <>
      <CrudTable<SysConfig>
        crud={crud}
        columns={columns}
        searchFields={[
          { name: 'blurry', label: '关键字', placeholder: '配置键或名称' },
          { name: 'configGroup', label: '分组', type: 'select', options: groups.map((g) => ({ label: groupLabel(g), value: g })) },
        ]}
        toolbar={<AddButton need={PERM.sysConfigAdd} onClick={() => setEditing('new')} />}
        scrollX={1400}
      />
      {editing && <ConfigForm config={editing === 'new' ? null : editing} groups={groups} onClose={() => setEditing(null)} onDone={changed} />}
    </>
  )
}
