import { AutoComplete, Alert, Button, Form, Input, Modal, Radio, Select, Space, Switch, Table, Typography } from 'antd'
import { useState } from 'react'
import { createSource, previewSource, updateSource } from '@/api/dataSource'
import { SOURCE_TYPES, SOURCE_TYPE_NAMES, type Preview, type SourceInput, type SourceType, type SourceView, type Target } from '@/api/generated/dataSource'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import { useFormSubmit, validateOrScroll, withFieldErrors } from '@/components/useFormSubmit'

interface Values {
  name: string
  target: string
  type: SourceType
  endpoint?: string
  query?: string
  mapping: Record<string, string>
  absentStatus?: string
  scheduled: boolean
}

const ENDPOINT_HINTS: Record<SourceType, string> = {
  http: 'https://hr.school.edu.cn/api/staff?token=…（GET，返回 JSON）',
  postgres: 'postgres://只读账号:密码@主机:5432/库名',
  mysql: '只读账号:密码@tcp(主机:3306)/库名',
}

/** Adding or editing a source: where it is, what it fills, the mapping of its fields, and a preview of its first records. */
export default function SourceDialog({ source, targets, onClose, onDone }: { source: SourceView | null; targets: Target[]; onClose: () => void; onDone: () => void }) {
  const [preview, setPreview] = useState<Preview | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const { form, saving, submit, formError } = useFormSubmit<Values>({
    onSubmit: (v) => {
      const input = toInput(v, targets.find((t) => t.key === v.target))
      return source ? updateSource({ ...input, id: source.id }) : createSource(input)
    },
    onDone,
    onClose,
  })
  const type = Form.useWatch('type', form) ?? source?.type ?? 'http'
  const targetKey = Form.useWatch('target', form) ?? source?.target
  const target = targets.find((t) => t.key === targetKey)
  const fieldOptions = (preview?.fields ?? []).map((f) => ({ value: f }))

  const runPreview = async () => {
    let v: Values
    try {
      v = await validateOrScroll(form, ['name', 'target', 'type', 'endpoint', 'query'])
    } catch {
      return
    }
    setPreviewing(true)
    try {
      const all = { ...form.getFieldsValue(true), ...v } as Values
      setPreview(await withFieldErrors(form, () => previewSource({ ...toInput(all), id: source?.id }), formError.show))
    } catch {
      setPreview(null)
    } finally {
      setPreviewing(false)
    }
  }

  return (
    <Modal {...DIALOG_DEFAULTS} open width={900} title={source ? '编辑数据源' : '新增数据源'} onOk={submit} confirmLoading={saving} onCancel={onClose} okText="保存" cancelText="取消">
      <Form<Values>
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 19 }}
        initialValues={
          source
            ? { name: source.name, target: source.target, type: source.type, query: source.query, mapping: source.mapping, absentStatus: source.absentStatus, scheduled: source.scheduled }
            : { type: 'http', mapping: {}, absentStatus: '', scheduled: false }
        }
      >
        <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
          <Input maxLength={100} placeholder="如 人事系统（教职工）" />
        </Form.Item>
        <Form.Item label="同步到" name="target" rules={[{ required: true, message: '请选择同步到哪个信息库' }]}>
          <Select options={targets.map((t) => ({ value: t.key, label: t.label }))} placeholder="教师信息、学生信息或班级信息" />
        </Form.Item>
        <Form.Item label="类型" name="type">
          <Radio.Group options={SOURCE_TYPES.map((t) => ({ value: t, label: SOURCE_TYPE_NAMES[t] }))} />
        </Form.Item>
        <Form.Item
          label={type === 'http' ? '接口地址' : '连接串'}
          name="endpoint"
          rules={source ? [] : [{ required: true, whitespace: true, message: '请输入接口地址或数据库连接串' }]}
          extra={source ? `已保存：${source.endpointHint || '（已加密保存）'}；不修改请留空` : '加密保存，不会再显示；数据库请使用只读账号'}
        >
          <Input.Password placeholder={ENDPOINT_HINTS[type]} autoComplete="off" visibilityToggle />
        </Form.Item>
        {type === 'http' ? (
          <Form.Item label="数据路径" name="query" extra="记录数组在返回 JSON 中的位置，如 data.list；接口直接返回数组时留空">
            <Input placeholder="data.list" />
          </Form.Item>
        ) : (
          <Form.Item label="查询" name="query" rules={[{ required: true, whitespace: true, message: '请输入一条 SELECT 查询' }]} extra="在只读事务中执行，最多读取 200000 条">
            <Input.TextArea rows={3} placeholder="SELECT gh, xm, xb, dwmc FROM v_staff WHERE zt = '在职'" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
        <Form.Item label="字段映射" required extra={target ? '为每个本系统字段填写来源字段名；带 * 的必须填写。可先点“预览”读取来源字段。' : '请先选择同步到哪个信息库'}>
          {target && (
            <div style={{ display: 'grid', gridTemplateColumns: '140px 1fr', gap: 8, alignItems: 'center' }}>
              {target.columns.map((c) => (
                <div key={c.key} style={{ display: 'contents' }}>
                  <span>
                    {c.required && <span style={{ color: '#ff4d4f' }}>* </span>}
                    {c.label}
                  </span>
                  <Form.Item name={['mapping', c.key]} noStyle>
                    <AutoComplete options={fieldOptions} placeholder="来源字段名" aria-label={`${c.label}的来源字段`} allowClear style={{ width: '100%' }} />
                  </Form.Item>
                </div>
              ))}
            </div>
          )}
        </Form.Item>
        {!!target?.absentStatuses.length && (
          <Form.Item
            label="离校标记"
            name="absentStatus"
            extra="来源中不再出现的在读学生或在职教职工，标记为所选状态（记录不删除；再次出现的自动恢复）。一次最多标记一成，超过时同步会停下，需核对后在“立即同步”时确认。党员离校后，其所在支部会收到组织关系转接提醒。"
          >
            <Select options={[{ value: '', label: '不标记' }, ...target.absentStatuses.map((o) => ({ value: o.value, label: o.label }))]} aria-label="离校标记" />
          </Form.Item>
        )}
        <Form.Item label="定时同步" name="scheduled" valuePropName="checked" extra="每天 02:20 同步（时间可在“定时任务”中调整），以保存此数据源的账号身份执行">
          <Switch />
        </Form.Item>
        {formError.error && (
          <Form.Item wrapperCol={{ offset: 4, span: 19 }}>
            <div ref={formError.ref} tabIndex={-1}>
              <Alert type="error" showIcon message={formError.error} />
            </div>
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ offset: 4, span: 19 }}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button onClick={runPreview} loading={previewing}>
              预览前 10 条
            </Button>
            {preview && target && (
              <>
                <Typography.Text type="secondary">来源字段：{preview.fields.join('、') || '（无）'}</Typography.Text>
                <Table
                  size="small"
                  rowKey="__row"
                  pagination={false}
                  scroll={{ x: true }}
                  dataSource={preview.rows.map((r, i) => ({ ...r, __row: String(i) }))}
                  columns={target.columns
                    .filter((c) => form.getFieldValue(['mapping', c.key]))
                    .map((c) => ({ title: c.label, dataIndex: c.key, key: c.key, ellipsis: true }))}
                  locale={{ emptyText: '来源没有数据' }}
                />
              </>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  )
}

function toInput(v: Values, target?: Target): SourceInput {
  const mapping: Record<string, string> = {}
  for (const [k, f] of Object.entries(v.mapping ?? {})) if (f?.trim()) mapping[k] = f.trim()
  // A target that lists no people has no leavers to mark.
  const absentStatus = target?.absentStatuses.some((o) => o.value === v.absentStatus) ? v.absentStatus : ''
  return { name: v.name, target: v.target, type: v.type, endpoint: v.endpoint?.trim() || '', query: v.query ?? '', mapping, absentStatus, scheduled: !!v.scheduled }
}
