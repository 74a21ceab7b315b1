import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { actionColumn, confirmAction, RowActions, TrailDrawer } from '@/components/crud'
import Permission, { useHasPermission } from '@/components/Permission'
import { enableStandard, getMeta, KIND_LABELS, listStandards, ruleText, STANDARD_API, voidStandard, type Standard, type StandardState } from './api'
import StandardDialog from './StandardDialog'

const STATE_COLORS: Record<StandardState, string> = { draft: 'default', on: 'green', void: 'red' }

/**
 * 党费标准: the standards per category (RULES §1 seeded), 未启用 → 启用 → 作废. Enabling one voids the standard
 * enabled for its category; both ask first. Only a standard not yet enabled is edited.
 */
export default function FeeStandardPage() {
  const client = useQueryClient()
  const standards = useQuery({ queryKey: ['dfbz', 'list'], queryFn: listStandards })
  const meta = useQuery({ queryKey: ['dfbz', 'meta'], queryFn: getMeta, staleTime: Infinity })
  const [editing, setEditing] = useState<Standard | 'new' | null>(null)
  const [trail, setTrail] = useState<Standard | null>(null)
  const canEdit = useHasPermission([PERM.dfbzEdit])
  const canState = useHasPermission([PERM.dfbzState])
  const reload = () => void client.invalidateQueries({ queryKey: ['dfbz'] })
  const rows = standards.data ?? []

  const enable = async (s: Standard) => {
    const current = rows.find((r) => r.category === s.category && r.state === 'on')
    const note = current ? `启用后，当前启用的“${current.name}”将作废。` : ''
    if (await confirmAction(`确定启用“${s.name}”吗？${note}此后开始的月度批次按新标准计算党费。`, () => enableStandard(s.id), '已启用')) reload()
  }
  const voidIt = async (s: Standard) => {
    const note = s.state === 'on' ? `作废后“${s.categoryLabel}”类别的党员在启用新标准前无法计算党费。` : ''
    if (await confirmAction(`确定作废“${s.name}”吗？${note}作废后不能恢复。`, () => voidStandard(s.id), '已作废', true)) reload()
  }

  return (
    <Card
      variant="borderless"
      title="党费标准"
      extra={
        <Permission need={[PERM.dfbzEdit]}>
          <Button type="primary" onClick={() => setEditing('new')} disabled={!meta.data}>
            新增标准
          </Button>
        </Permission>
      }
    >
      <Table<Standard>
        rowKey="id"
        size="middle"
        loading={standards.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1000 }}
        columns={[
          { title: '适用类别', dataIndex: 'categoryLabel', key: 'category', width: 110 },
          { title: '标准名称', dataIndex: 'name', key: 'name', width: 200, ellipsis: true },
          { title: '计算方式', dataIndex: 'kind', key: 'kind', width: 110, render: (k: Standard['kind']) => KIND_LABELS[k] },
          { title: '标准', key: 'rule', render: (_: unknown, s: Standard) => ruleText(s) },
          {
            title: '状态',
            dataIndex: 'state',
            key: 'state',
            width: 90,
            render: (st: StandardState, s: Standard) => <Tag color={STATE_COLORS[st]}>{s.stateLabel}</Tag>,
          },
          {
            title: '依据',
            dataIndex: 'basis',
            key: 'basis',
            width: 220,
            ellipsis: true,
            render: (b: string) => <Typography.Text type="secondary">{b}</Typography.Text>,
          },
          actionColumn<Standard>(
            (s) => (
              <RowActions
                actions={[
                  { key: 'trail', label: '变动轨迹', onClick: () => setTrail(s) },
                  { key: 'edit', label: '修改', need: PERM.dfbzEdit, hidden: s.state !== 'draft', onClick: () => setEditing(s) },
                  { key: 'enable', label: '启用', need: PERM.dfbzState, hidden: s.state !== 'draft', onClick: () => void enable(s) },
                  { key: 'void', label: '作废', danger: true, need: PERM.dfbzState, hidden: s.state === 'void', onClick: () => void voidIt(s) },
                ]}
              />
            ),
            canEdit || canState ? 200 : 90,
          ),
        ]}
      />
      {/* Who created, edited, enabled or voided the standard; no restore: a change is a new standard. */}
      {trail && <TrailDrawer api={STANDARD_API} id={trail.id} title={trail.name} canRestore={false} onClose={() => setTrail(null)} onRestored={reload} />}
      {editing && meta.data && (
        <StandardDialog standard={editing === 'new' ? null : editing} categories={meta.data.categories} onClose={() => setEditing(null)} onDone={reload} />
      )}
    </Card>
  )
}
