import { useQuery } from '@tanstack/react-query'
import { Alert, Drawer, Form, Input, InputNumber, Select, Space, Spin } from 'antd'
import dayjs from 'dayjs'
import { CADRE_GROUPS, LIMITS, type SchemeDetail } from '@/api/generated/cadreAssess'
import FormDrawer from '@/components/FormDrawer'
import { createScheme, schemeDefaults, updateScheme } from './api'
import DefinitionEditor from './DefinitionEditor'
import { definitionIn, definitionOut, sharePercent, withDefinitionErrors, type SchemeValues } from './definitionForm'

/** 新增 / 编辑 a scheme: its fields and its definition; a save writes the next version. */
export default function SchemeForm({ scheme, onClose, onSaved }: { scheme: SchemeDetail | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<SchemeValues>()
  // A new scheme starts from the server's defaults (德能勤绩廉, four groups, the grade levels, the setting's share).
  const defaults = useQuery({ queryKey: ['gbkh', 'defaults'], queryFn: schemeDefaults, enabled: !scheme, staleTime: 60_000 })
  const definition = scheme?.definition ?? defaults.data
  if (!definition) {
    return (
      <Drawer open title="新增考核方案" size={980} onClose={onClose}>
        {defaults.isError ? <Alert type="error" showIcon title="考核方案的默认设置加载失败，请稍后重试" /> : <Spin style={{ display: 'block', margin: 48 }} />}
      </Drawer>
    )
  }
  const initial: SchemeValues = {
    name: scheme?.name ?? '',
    year: scheme?.year ?? dayjs().year(),
    cadreGroup: scheme?.cadreGroup ?? '',
    remark: scheme?.remark ?? '',
    definition: definitionIn(definition),
    sharePercent: sharePercent(definition.excellentShare),
  }
  return (
    <FormDrawer<SchemeValues>
      title={scheme ? `编辑考核方案（保存为第 ${scheme.version + 1} 版）` : '新增考核方案'}
      width={980}
      form={form}
      initialValues={initial}
      onClose={onClose}
      onDone={onSaved}
      onSubmit={(v) =>
        withDefinitionErrors(form, () => {
          const body = { name: v.name.trim(), year: v.year, cadreGroup: v.cadreGroup, remark: (v.remark ?? '').trim(), definition: definitionOut(v) }
          return scheme ? updateScheme({ ...body, id: scheme.id, updateTime: scheme.updateTime }) : createScheme(body)
        })
      }
    >
      <Space align="start" wrap>
        <Form.Item name="name" label="方案名称" rules={[{ required: true, whitespace: true, message: '请输入方案名称' }]}>
          <Input maxLength={LIMITS.name} style={{ width: 320 }} placeholder="如 2026 年度中层领导班子考核方案" />
        </Form.Item>
        <Form.Item name="year" label="年度" rules={[{ required: true, message: '请输入年度' }]}>
          <InputNumber min={2000} max={2100} precision={0} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="cadreGroup" label="干部类别" rules={[{ required: true, message: '请选择干部类别' }]}>
          <Select style={{ width: 160 }} options={CADRE_GROUPS.map((g) => ({ value: g, label: g }))} placeholder="请选择" />
        </Form.Item>
      </Space>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={LIMITS.note} />
      </Form.Item>
      <DefinitionEditor form={form} />
    </FormDrawer>
  )
}
