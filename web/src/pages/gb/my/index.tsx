import { Alert, App, Button, Card, Empty, Space, Spin, Table, Tabs, Tag } from 'antd'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { REQUEST_STATE_NAMES, SELF_FIELDS, type RequestView } from '@/api/generated/cadre'
import { confirmAction, defineResource, ResourceDescriptions, ResourceForm, useResourceColumns, wholeList, type Resource } from '@/components/crud'
import { cadreResource, SUB_TABLES, type Cadre, type SubRow, type SubTable } from '../jbxx/resource'
import { basicItems, myRecord, myRequests, propose, valueText, withdraw } from '../jbxx/requests'
import MyResults from './MyResults'

/** The basic fields a cadre may ask to change, as the list declares them. */
const selfResource: Resource<Cadre> = {
  ...cadreResource,
  key: 'gb-my',
  fields: cadreResource.fields.filter((f) => SELF_FIELDS.includes(f.name)).map((f) => ({ ...f, required: false })),
}

/** One information type of the cadre's own record: its rows, and the change requests it takes. */
function SubTableRequests({ table, rows, onProposed }: { table: SubTable; rows: SubRow[]; onProposed: () => void }) {
  const { message } = App.useApp()
  const [editing, setEditing] = useState<SubRow | 'new' | null>(null)
  const resource = defineResource<SubRow>({ key: `gb-my-${table.path}`, noun: table.noun, api: { fetch: wholeList(async () => rows) }, fields: table.fields })
  const columns = useResourceColumns(resource)
  const done = () => {
    message.success('已提交变更申请，待干部管理员审核')
    onProposed()
  }
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
        申请新增{table.noun}
      </Button>
      <Table<SubRow>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${table.noun}`} /> }}
        columns={[
          ...columns,
          {
            title: '操作',
            key: 'actions',
            width: 150,
            render: (_: unknown, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  申请修改
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    void confirmAction(
                      `申请删除${table.noun}“${table.title(r)}”？提交后经干部管理员审核生效`,
                      () => propose({ target: table.path, action: 'del', rowId: r.id, value: null }).then(onProposed),
                      '已提交变更申请，待干部管理员审核',
                      true,
                    )
                  }
                >
                  申请删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <ResourceForm<SubRow>
          resource={{ ...resource, form: { dialog: true } }}
          record={editing === 'new' ? null : editing}
          title={`${editing === 'new' ? '申请新增' : '申请修改'}${table.noun}`}
          submit={(body, record) =>
            propose({ target: table.path, action: record ? 'edit' : 'add', rowId: record?.id ?? null, value: body })
          }
          onClose={() => setEditing(null)}
          onDone={done}
        />
      )}
    </>
  )
}

/** 我的干部信息: the cadre's own record, the changes they ask for (reviewed item by item) and their state; their 年度考核 results. */
export default function MyCadrePage() {
  const { message } = App.useApp()
  const client = useQueryClient()
  const rec = useQuery({ queryKey: ['gb-my'], queryFn: myRecord, retry: false })
  const reqs = useQuery({ queryKey: ['gb-my', 'requests'], queryFn: myRequests, enabled: !!rec.data })
  const [editing, setEditing] = useState(false)
  const reload = () => void client.invalidateQueries({ queryKey: ['gb-my'] })
  if (rec.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (!rec.data) return <Alert type="info" showIcon title="您的账号未关联干部档案，请联系干部管理员" />
  const cadre = rec.data.cadre as unknown as Cadre
  const rows = rec.data.rows
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Alert type="info" showIcon title="信息变更均提交为申请，经干部管理员逐项审核通过后生效" />
      <Card title={`我的干部信息：${cadre.name}`} extra={<Button onClick={() => setEditing(true)}>申请变更基本信息</Button>}>
        <Tabs
          items={[
            { key: 'info', label: '基本信息', children: <ResourceDescriptions fields={cadreResource.fields} record={cadre} /> },
            ...SUB_TABLES.map((t) => ({
              key: t.path,
              label: t.tab,
              children: <SubTableRequests table={t} rows={(rows[t.path] ?? []) as SubRow[]} onProposed={reload} />,
            })),
          ]}
        />
      </Card>
      <Card title="我的变更申请">
        <Table<RequestView>
          rowKey="id"
          size="small"
          loading={reqs.isLoading}
          dataSource={reqs.data ?? []}
          locale={{ emptyText: '暂无变更申请' }}
          columns={[
            { title: '变更项', dataIndex: 'what', width: 140 },
            { title: '变更后内容', dataIndex: 'value', render: (v: unknown) => valueText(v) },
            { title: '状态', dataIndex: 'state', width: 90, render: (s: RequestView['state']) => <Tag>{REQUEST_STATE_NAMES[s]}</Tag> },
            { title: '审核意见', dataIndex: 'reviewNote', width: 160 },
            {
              title: '操作',
              key: 'actions',
              width: 80,
              render: (_: unknown, r) =>
                r.state === 'pending' && (
                  <Button
                    type="link"
                    size="small"
                    onClick={async () => {
                      await withdraw([r.id])
                      message.success('已撤回')
                      reload()
                    }}
                  >
                    撤回
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Card title="我的考核结果">
        <MyResults />
      </Card>
      {editing && (
        <ResourceForm<Cadre>
          resource={selfResource}
          record={cadre}
          title="申请变更基本信息"
          submit={async (body) => {
            const items = basicItems(cadre as unknown as Record<string, unknown>, body)
            if (items.length === 0) throw new Error('没有修改任何信息')
            for (const item of items) await propose(item)
          }}
          onClose={() => setEditing(false)}
          onDone={() => {
            message.success('已提交变更申请，待干部管理员审核')
            reload()
          }}
        />
      )}
    </Space>
  )
}
