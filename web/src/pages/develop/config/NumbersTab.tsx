import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Form, Input, InputNumber } from 'antd'
import { useState } from 'react'
import { deleteNumbers, listNumbers, saveNumbers, type NumberRange } from '@/api/develop'
import { PERM } from '@/api/permissions'
import { actionColumn, deleteAction, editAction, RowActions } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import ChildList from '../shared/ChildList'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'

/** A number as printed: prefix + zero-padded digits. */
export const formatNo = (r: Pick<NumberRange, 'prefix' | 'width'>, n: number) => `${r.prefix}${String(n).padStart(r.width, '0')}`

/** 志愿书编号段: the 入党志愿书 numbers received per year (optionally kept for one secondary committee); ⑭ hands them out. */
export default function NumbersTab() {
  const client = useQueryClient()
  const list = useQuery({ queryKey: ['fzdy', 'numbers'], queryFn: listNumbers })
  const canEdit = useHasPermission([PERM.fzdyConfig])
  const [editing, setEditing] = useState<Partial<NumberRange> | null>(null)
  const reload = () => void client.invalidateQueries({ queryKey: ['fzdy', 'numbers'] })
  type V = { year: number; orgId?: number | null; prefix?: string; first: number; last: number; width?: number }
  return (
    <>
      <ChildList<NumberRange>
        rows={list.data}
        loading={list.isLoading}
        need={[PERM.fzdyConfig]}
        addLabel="新增编号段"
        onAdd={() => setEditing({ year: new Date().getFullYear(), width: 0 })}
        scrollX={760}
        emptyText="暂无编号段：填写入党志愿书（⑭）时从编号段中分配编号，请先登记本年度领取的编号"
        columns={[
          { title: '年度', dataIndex: 'year', width: 80 },
          { title: '适用党组织', dataIndex: 'orgName', width: 200, ellipsis: true, render: (v: string | undefined, r) => (r.orgId ? v : '全校通用') },
          { title: '起始编号', key: 'first', width: 140, render: (_: unknown, r) => formatNo(r, r.first) },
          { title: '截止编号', key: 'last', width: 140, render: (_: unknown, r) => formatNo(r, r.last) },
          { title: '下一个编号', key: 'next', width: 140, render: (_: unknown, r) => (r.next > r.last ? '已用完' : formatNo(r, r.next)) },
          { title: '剩余', key: 'left', width: 70, render: (_: unknown, r) => r.left ?? Math.max(0, r.last - r.next + 1) },
          ...(canEdit
            ? [
                actionColumn<NumberRange>(
                  (r) => (
                    <RowActions
                      actions={[
                        editAction(undefined, () => setEditing(r)),
                        deleteAction(PERM.fzdyConfig, `${formatNo(r, r.first)}–${formatNo(r, r.last)}`, () => deleteNumbers([r.id]), reload, { kind: '编号段' }),
                      ]}
                    />
                  ),
                  120,
                ),
              ]
            : []),
        ]}
      />
      {editing && (
        <FormDialog<V>
          title={editing.id ? '编辑编号段' : '新增编号段'}
          initialValues={editing as Partial<V>}
          onClose={() => setEditing(null)}
          onDone={reload}
          onSubmit={(v) =>
            saveNumbers({
              ...(editing.id ? { id: editing.id } : {}),
              year: v.year,
              orgId: v.orgId ?? null,
              prefix: v.prefix?.trim() ?? '',
              first: v.first,
              last: v.last,
              width: v.width ?? 0,
            })
          }
        >
          <Form.Item label="年度" name="year" rules={[{ required: true, message: '请输入年度' }]}>
            <InputNumber min={2000} max={2100} precision={0} />
          </Form.Item>
          <Form.Item label="适用党组织" name="orgId" extra="不选则全校通用">
            <OrgTreeSelect />
          </Form.Item>
          <Form.Item label="编号前缀" name="prefix">
            <Input maxLength={16} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="起始编号" name="first" rules={[{ required: true, message: '请输入起始编号' }]}>
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            label="截止编号"
            name="last"
            dependencies={['first']}
            rules={[
              { required: true, message: '请输入截止编号' },
              ({ getFieldValue }) => ({
                validator: (_, v?: number) =>
                  v !== undefined && v !== null && v < Number(getFieldValue('first') ?? 0) ? Promise.reject(new Error('截止编号不能小于起始编号')) : Promise.resolve(),
              }),
            ]}
          >
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="编号位数" name="width" extra="不足位数时前补 0；0 表示不补">
            <InputNumber min={0} max={20} precision={0} />
          </Form.Item>
        </FormDialog>
      )}
    </>
  )
}
