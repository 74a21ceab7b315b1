import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Form, InputNumber, Select, Space, Switch, Table } from 'antd'
import { useState } from 'react'
import { LIMITS, SOURCE_NAMES, type Draw, type RoundDetail, type Source } from '@/api/generated/cadreAssess'
import { PERM } from '@/api/permissions'
import { confirmDeleteOf } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import RemoteSelect from '@/components/RemoteSelect'
import { searchUnits } from '@/components/unit/unit'
import UserPicker, { type PickedUser } from '@/components/UserPicker'
import { addDraw, allRoles, removeDraws } from './api'

interface DrawValues {
  groupKey: string
  source: Source
  roleId?: number
  ownUnit?: boolean
  unitIds?: number[]
  accounts?: PickedUser[]
  codes?: number
}

const sources = (Object.keys(SOURCE_NAMES) as Source[]).map((s) => ({ value: s, label: SOURCE_NAMES[s] }))

/** What each source's evaluators answer, said under the source. */
const SOURCE_HELP: Record<Source, string> = {
  role: '持有该角色的启用账号；测评所选单位的干部（不选则测评全部单位）',
  cadres: '本次参评干部互相测评；可只测评本单位干部',
  staff: '各单位的启用账号测评本单位干部',
  list: '指定的账号；测评所选单位的干部（不选则测评全部单位）',
  codes: '为每个单位生成一次性测评码，开始测评时显示一次，打印后发放；每码测评一次',
}

const unitsItem = (label: string, required: boolean) => (
  <Form.Item name="unitIds" label={label} rules={required ? [{ required: true, message: '请选择单位' }] : []}>
    <RemoteSelect multiple search={searchUnits} placeholder={required ? '选择单位' : '不选则为全部单位'} emptyText="暂无单位" />
  </Form.Item>
)

/** 添加评价人员: a group of the definition and where its evaluators come from. */
function AddDraw({ round, onClose, onDone }: { round: RoundDetail; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<DrawValues>()
  const source = Form.useWatch('source', form) ?? 'role'
  const ownUnit = Form.useWatch('ownUnit', form)
  const roles = useQuery({ queryKey: ['roles', 'all'], queryFn: allRoles, staleTime: 60_000, enabled: source === 'role' })
  return (
    <FormDialog<DrawValues>
      title="添加评价人员"
      width={680}
      form={form}
      initialValues={{ groupKey: round.definition.groups[0]?.key, source: 'role', ownUnit: false }}
      onClose={onClose}
      onDone={onDone}
      successText="已添加评价人员"
      onSubmit={(v) =>
        addDraw(round.id, {
          groupKey: v.groupKey,
          source: v.source,
          ...(v.source === 'role' ? { roleId: v.roleId, unitIds: v.unitIds ?? [] } : {}),
          ...(v.source === 'cadres' ? { ownUnit: !!v.ownUnit, unitIds: v.ownUnit ? [] : (v.unitIds ?? []) } : {}),
          ...(v.source === 'staff' ? { unitIds: v.unitIds ?? [] } : {}),
          ...(v.source === 'list' ? { accountIds: (v.accounts ?? []).map((a) => a.value), unitIds: v.unitIds ?? [] } : {}),
          ...(v.source === 'codes' ? { codes: v.codes, unitIds: v.unitIds ?? [] } : {}),
        })
      }
    >
      <Form.Item name="groupKey" label="评价主体" rules={[{ required: true, message: '请选择评价主体' }]}>
        <Select options={round.definition.groups.map((g) => ({ value: g.key, label: `${g.name}（权重 ${g.weight}）` }))} />
      </Form.Item>
      <Form.Item name="source" label="人员来源" extra={SOURCE_HELP[source]} rules={[{ required: true }]}>
        <Select options={sources} />
      </Form.Item>
      {source === 'role' && (
        <>
          <Form.Item name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
            <Select loading={roles.isLoading} placeholder="选择角色" notFoundContent={roles.isError ? '角色列表加载失败' : '暂无角色'}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name}（${r.holders}人）`, disabled: r.holders === 0 }))} />
          </Form.Item>
          {unitsItem('测评单位', false)}
        </>
      )}
      {source === 'cadres' && (
        <>
          <Form.Item name="ownUnit" label="只测评本单位" valuePropName="checked">
            <Switch />
          </Form.Item>
          {!ownUnit && unitsItem('测评单位', false)}
        </>
      )}
      {source === 'staff' && unitsItem('单位', true)}
      {source === 'list' && (
        <>
          <Form.Item name="accounts" label="评价人员" rules={[{ required: true, message: '请选择评价人员' }]}>
            <UserPicker />
          </Form.Item>
          {unitsItem('测评单位', false)}
        </>
      )}
      {source === 'codes' && (
        <>
          <Form.Item name="codes" label="每单位码数" rules={[{ required: true, message: '请输入每个单位的测评码数量' }]}>
            <InputNumber min={1} max={LIMITS.codes} precision={0} style={{ width: 140 }} />
          </Form.Item>
          {unitsItem('单位', true)}
        </>
      )}
    </FormDialog>
  )
}

/** 评价人员: the round's draws (who evaluates for which group), added and removed while draft. */
export default function DrawsTab({ round, onChanged }: { round: RoundDetail; onChanged: () => void }) {
  const mayAdd = useHasPermission([PERM.gbkhAdd]) && round.state === 'draft'
  const [adding, setAdding] = useState(false)
  const remove = (d: Draw) =>
    void confirmDeleteOf(`${d.groupName} · ${d.sourceName}`, () => removeDraws(round.id, [d.id]), { kind: '评价人员' }).then((done) => done && onChanged())
  return (
    <>
      {mayAdd && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setAdding(true)}>添加评价人员</Button>
        </Space>
      )}
      <Table<Draw> rowKey="id" size="middle" pagination={false} dataSource={round.draws}
        locale={{ emptyText: <Empty description={round.state === 'draft' ? '还没有评价人员：点击「添加评价人员」为各评价主体指定人员' : '本次考核没有评价人员'} /> }}
        columns={[
          { title: '评价主体', dataIndex: 'groupName', width: 140 },
          { title: '人员来源', dataIndex: 'sourceName', width: 140 },
          {
            title: '范围', key: 'scope',
            render: (_, d) => [
              d.roleName && `角色 ${d.roleName}`,
              d.ownUnit && '只测评本单位',
              d.codes > 0 && `每单位 ${d.codes} 个测评码`,
              d.accountIds?.length > 0 && `${d.accountIds.length} 个账号`,
              d.unitIds?.length > 0 ? `${d.unitIds.length} 个单位` : !d.ownUnit && '全部单位',
            ].filter(Boolean).join('；'),
          },
          { title: '评价人数', dataIndex: 'evaluators', width: 100 },
          ...(mayAdd ? [{ title: '操作', key: 'op', width: 80, render: (_: unknown, d: Draw) => <Button type="link" size="small" danger onClick={() => remove(d)}>移除</Button> }] : []),
        ]} />
      {adding && <AddDraw round={round} onClose={() => setAdding(false)} onDone={onChanged} />}
    </>
  )
}
