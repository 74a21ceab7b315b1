import { PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Form, Input, InputNumber, Select, Table } from 'antd'
import { useState } from 'react'
import { DICT_TEAM_KIND } from '@/api/dicts'
import { confirmDeleteOf, RowActions } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import FormDialog from '@/components/FormDialog'
import { formOptions } from '@/utils/dict'
import { createTeam, deleteTeams, unitTeams, updateTeam } from '../service'
import TeamMembers from './TeamMembers'
import type { Team, TeamBody } from '../types'

/** 领导班子 of a unit: the list with each team's members, and add/edit/delete for holders of dw:edit. */
export default function Teams({ unitId, canEdit }: { unitId: number; canEdit: boolean }) {
  const q = useQuery({ queryKey: ['dwxx', 'ldbz', unitId], queryFn: () => unitTeams(unitId) })
  const dicts = useDicts(DICT_TEAM_KIND)
  const [editing, setEditing] = useState<Team | 'new' | null>(null)
  const [members, setMembers] = useState<Team | null>(null)
  const reload = () => void q.refetch()

  const remove = async (t: Team) => {
    if (await confirmDeleteOf(t.name, () => deleteTeams(unitId, [t.id]), { kind: '领导班子' })) reload()
  }

  return (
    <>
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
          新增领导班子
        </Button>
      )}
      <Table<Team>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q.isError ? '领导班子加载失败' : '暂无领导班子'} /> }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '类别', dataIndex: 'kindLabel', width: 120 },
          { title: '排序', dataIndex: 'sort', width: 80 },
          {
            title: '操作',
            key: 'actions',
            width: 180,
            render: (_: unknown, t: Team) => (
              <RowActions
                actions={[
                  { key: 'members', label: '班子成员', onClick: () => setMembers(t) },
                  ...(canEdit
                    ? [
                        { key: 'edit', label: '编辑', onClick: () => setEditing(t) },
                        { key: 'delete', label: '删除', danger: true, onClick: () => void remove(t) },
                      ]
                    : []),
                ]}
              />
            ),
          },
        ]}
      />
      {members && <TeamMembers team={members} onClose={() => setMembers(null)} />}
      {editing && (
        <FormDialog<TeamBody>
          title={editing === 'new' ? '新增领导班子' : `编辑领导班子：${editing.name}`}
          initialValues={editing === 'new' ? { sort: 999 } : editing}
          onSubmit={(v) => {
            const body = { name: v.name.trim(), kind: v.kind, sort: v.sort ?? 999 }
            return editing === 'new' ? createTeam(unitId, body) : updateTeam(unitId, { ...body, id: editing.id })
          }}
          onClose={() => setEditing(null)}
          onDone={reload}
        >
          <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入领导班子名称' }, { max: 100, message: '名称不超过100个字' }]}>
            <Input placeholder="如：计算机学院党政领导班子" />
          </Form.Item>
          <Form.Item name="kind" label="类别" rules={[{ required: true, message: '请选择领导班子类别' }]}>
            <Select placeholder="请选择领导班子类别" options={formOptions(dicts[DICT_TEAM_KIND], editing === 'new' ? undefined : editing.kind)} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={99999} />
          </Form.Item>
        </FormDialog>
      )}
    </>
  )
}
