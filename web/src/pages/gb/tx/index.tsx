import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Form, InputNumber, Select, Space, Table, Tabs, Tag, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { SwitchCell } from '@/components/schedule'
import { getDue, getRules, REMINDER_NAMES, REMINDER_TYPES, updateRule, updateSetting, type Due, type ReminderType, type Rule, type Setting } from './api'

const cadreLink = (d: Due) => `/gb/jbxx?id=${d.cadreId}`

/** The records due (each type by its rule's window from today), by date. */
export function DueList({ initialType }: { initialType?: ReminderType }) {
  const [type, setType] = useState<ReminderType | undefined>(initialType)
  const [page, setPage] = useState({ page: 0, size: 20 })
  const q = useQuery({ queryKey: ['gbtx', 'due', type, page], queryFn: () => getDue({ type, ...page }) })
  if (q.isError) return <Alert type="error" showIcon title="到期提醒加载失败" action={<Button onClick={() => void q.refetch()}>重试</Button>} />
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Typography.Text>提醒类型</Typography.Text>
        <Select<ReminderType | 0>
          aria-label="提醒类型"
          style={{ width: 260 }}
          value={type ?? 0}
          onChange={(v) => {
            setType(v || undefined)
            setPage((p) => ({ ...p, page: 0 }))
          }}
          options={[{ value: 0, label: '全部（已启用的类型）' }, ...REMINDER_TYPES.map((t) => ({ value: t, label: REMINDER_NAMES[t] }))]}
        />
      </Space>
      <Table<Due>
        size="small"
        rowKey={(d) => `${d.type}/${d.recordId}/${d.dueOn}`}
        loading={q.isLoading}
        dataSource={q.data?.content ?? []}
        locale={{ emptyText: '提醒期内没有到期的记录' }}
        pagination={{
          current: page.page + 1,
          pageSize: page.size,
          total: q.data?.totalElements ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, size) => setPage({ page: p - 1, size }),
        }}
        columns={[
          { key: 'dueOn', title: '到期日期', dataIndex: 'dueOn', width: 110 },
          { key: 'type', title: '提醒类型', dataIndex: 'typeName', width: 200, render: (t: string) => <Tag>{t}</Tag> },
          { key: 'name', title: '姓名', width: 100, render: (_, d) => <Link to={cadreLink(d)}>{d.name}</Link> },
          { key: 'unitName', title: '单位', dataIndex: 'unitName', width: 200, ellipsis: true },
          { key: 'post', title: '职务', dataIndex: 'post', width: 200, ellipsis: true },
          { key: 'content', title: '说明', dataIndex: 'content', ellipsis: true },
        ]}
      />
    </>
  )
}

function WindowDialog({ rule, onClose, onDone }: { rule: Rule; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ window: number }>
      title={`提前提醒天数：${rule.name}`}
      initialValues={{ window: rule.window }}
      onSubmit={(v) => updateRule({ type: rule.type, window: v.window })}
      onClose={onClose}
      onDone={onDone}
      labelSpan={7}
    >
      <Form.Item name="window" label="提前提醒天数" extra={`到期前多少天开始提醒（默认 ${rule.defaultWindow} 天）；已逾期的记录始终提醒`} rules={[{ required: true, message: '请输入提前提醒天数' }]}>
        <InputNumber min={0} max={3660} precision={0} suffix="天" style={{ width: 200 }} />
      </Form.Item>
    </FormDialog>
  )
}

function SettingDialog({ setting, onClose, onDone }: { setting: Setting; onClose: () => void; onDone: () => void }) {
  const bounds = setting.zero ? `0（不提醒）或 ${setting.min}–${setting.max}` : `${setting.min}–${setting.max}`
  return (
    <FormDialog<{ value: number }>
      title={`修改：${setting.name}`}
      initialValues={{ value: setting.value }}
      onSubmit={(v) => updateSetting(setting.key, v.value)}
      onClose={onClose}
      onDone={onDone}
      labelSpan={7}
    >
      <Form.Item name="value" label={setting.name} extra={`${setting.remark}；取值 ${bounds}，默认 ${setting.default}`} rules={[{ required: true, message: `请输入${setting.name}` }]}>
        <InputNumber min={0} max={setting.max} precision={0} style={{ width: 200 }} />
      </Form.Item>
    </FormDialog>
  )
}

/** The rules of types 1–6 (switch, window) and the figures they read (term, age limits). */
export function RulesView() {
  const canEdit = useHasPermission([PERM.gbtxConfig])
  const q = useQuery({ queryKey: ['gbtx', 'rules'], queryFn: getRules })
  const [rule, setRule] = useState<Rule | null>(null)
  const [setting, setSetting] = useState<Setting | null>(null)
  const reload = () => void q.refetch()
  if (q.isError) return <Alert type="error" showIcon title="提醒设置加载失败" action={<Button onClick={reload}>重试</Button>} />
  return (
    <>
      <Typography.Title level={5}>提醒规则</Typography.Title>
      <Table<Rule>
        size="small"
        rowKey="type"
        loading={q.isLoading}
        pagination={false}
        dataSource={q.data?.rules ?? []}
        locale={{ emptyText: '提醒规则尚未加载' }}
        columns={[
          { key: 'name', title: '提醒类型', dataIndex: 'name' },
          { key: 'window', title: '提前提醒', dataIndex: 'window', width: 120, render: (d: number) => `${d} 天` },
          {
            key: 'enabled',
            title: '状态',
            width: 110,
            render: (_, r) => <SwitchCell enabled={r.enabled} canEdit={canEdit} label={r.name} onChange={(v) => updateRule({ type: r.type, enabled: v }).then(reload)} />,
          },
          { key: 'open', title: '当前提醒', dataIndex: 'open', width: 100 },
          {
            key: 'action',
            title: '操作',
            width: 100,
            render: (_, r) =>
              canEdit && (
                <Button type="link" size="small" onClick={() => setRule(r)}>
                  编辑
                </Button>
              ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        规则参数
      </Typography.Title>
      <Table<Setting>
        size="small"
        rowKey="key"
        loading={q.isLoading}
        pagination={false}
        dataSource={q.data?.settings ?? []}
        columns={[
          { key: 'name', title: '参数', dataIndex: 'name', width: 240 },
          { key: 'value', title: '当前值', dataIndex: 'value', width: 100, render: (v: number) => (v === 0 ? '不提醒' : v) },
          { key: 'default', title: '默认值', dataIndex: 'default', width: 100 },
          { key: 'remark', title: '说明', dataIndex: 'remark' },
          {
            key: 'action',
            title: '操作',
            width: 100,
            render: (_, s) =>
              canEdit && (
                <Button type="link" size="small" onClick={() => setSetting(s)}>
                  修改
                </Button>
              ),
          },
        ]}
      />
      {rule && <WindowDialog rule={rule} onClose={() => setRule(null)} onDone={reload} />}
      {setting && <SettingDialog setting={setting} onClose={() => setSetting(null)} onDone={reload} />}
    </>
  )
}

/**
 * 干部提醒: the cadres due for a reminder of the spec's types 1–6 (term, age limit, probation, 挂职,
 * statutory retirement, certificate not returned) and the rules' switches, windows and figures. The
 * job 智能提醒 sends the same reminders to the 干部管理员 every day.
 */
export default function CadreRemindersPage() {
  const [tab, setTab] = useState('due')
  return (
    <Card variant="borderless">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'due', label: '到期提醒', children: <DueList /> },
          { key: 'rules', label: '提醒设置', children: <RulesView /> },
        ]}
      />
    </Card>
  )
}
