import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, InputNumber, Table } from 'antd'
import { useState } from 'react'
import type { Rule, RuleInput } from '@/api/generated/points'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import { listRules, saveRules } from './api'

/** 积分规则: the points per event; the organisation department (jf:rule) edits them, the others read. */
export default function Rules() {
  const canEdit = useHasPermission([PERM.jfRule])
  const client = useQueryClient()
  const q = useQuery({ queryKey: ['jf', 'rules'], queryFn: listRules })
  const [changed, setChanged] = useState<RuleInput>({})
  const [saving, setSaving] = useState(false)
  const save = async () => {
    setSaving(true)
    try {
      client.setQueryData(['jf', 'rules'], await saveRules(changed))
      setChanged({})
      ui.message.success('积分规则已保存，此后记入的积分按新规则计算')
    } catch { /* shown by the request pipeline */ } finally {
      setSaving(false)
    }
  }
  return (
    <>
      <Table<Rule>
        rowKey="key"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        pagination={false}
        columns={[
          { title: '规则', dataIndex: 'name' },
          { title: '分值', width: 160, render: (_, r) => (canEdit
            ? <InputNumber aria-label={r.name} min={r.min} max={r.max} precision={0} value={changed[r.key] ?? r.points}
                onChange={(v) => v != null && setChanged((c) => ({ ...c, [r.key]: v }))} prefix={r.deduction ? '扣' : '加'} />
            : `${r.deduction ? '扣' : '加'} ${r.points} 分`) },
          { title: '范围', width: 100, render: (_, r) => `${r.min}–${r.max}` },
          { title: '默认', dataIndex: 'default', width: 70 },
          { title: '说明', dataIndex: 'remark' },
        ]}
      />
      {canEdit && (
        <Button type="primary" style={{ marginTop: 12 }} loading={saving} disabled={Object.keys(changed).length === 0} onClick={() => void save()}>保存规则</Button>
      )}
    </>
  )
}
