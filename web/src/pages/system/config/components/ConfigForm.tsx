import { AutoComplete, Form, Input, InputNumber, Select, Switch } from 'antd'
import FormDialog from '@/components/FormDialog'
import { createConfig, updateConfig } from '../service'
import { GROUP_LABELS, SECRET_MASK, VALUE_KINDS, type ConfigBody, type SysConfig, type ValueKind } from '../types'

interface Props {
  config: SysConfig | null
  groups: string[]
  onClose: () => void
  onDone: () => void
}

const KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/
const POSITIVE_INT = /^[1-9][0-9]{0,8}$/

/** The value control for a kind: Switch for bool, InputNumber for int, TextArea for the rest. */
function ValueItem({ kind, secret, editing }: { kind: ValueKind; secret: boolean; editing: boolean }) {
  if (kind === 'bool') {
    return (
      <Form.Item
        label="配置值"
        name="configValue"
        valuePropName="checked"
        getValueProps={(v: string) => ({ checked: v === 'true' })}
        normalize={(on: boolean) => (on ? 'true' : 'false')}
      >
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
    )
  }
  if (kind === 'int') {
    return (
      <Form.Item
        label="配置值"
        name="configValue"
        getValueProps={(v: string) => ({ value: v === '' || v === undefined ? undefined : Number(v) })}
        normalize={(n: number | null) => (n === null || n === undefined ? '' : String(n))}
        rules={[
          { required: true, message: '请输入配置值' },
          { pattern: POSITIVE_INT, message: '该配置的值须为正整数' },
        ]}
      >
        <InputNumber min={1} max={999999999} precision={0} style={{ width: 200 }} />
      </Form.Item>
    )
  }
  if (secret) {
    return (
      <Form.Item label="配置值" name="configValue" extra={editing ? '保密配置不显示当前值；不修改请留空' : undefined}>
        <Input.Password placeholder={editing ? '不修改请留空' : '请输入配置值'} autoComplete="new-password" />
      </Form.Item>
    )
  }
  return (
    <Form.Item
      label="配置值"
      name="configValue"
      extra={kind === 'html' ? '保存时会去掉脚本等不安全内容' : kind === 'regex' ? '保存时由服务器检查正则语法' : undefined}
      rules={[{ max: 10000, message: '配置值不能超过10000个字' }]}
    >
      <Input.TextArea rows={kind === 'html' ? 6 : 3} placeholder="请输入配置值" />
    </Form.Item>
  )
}

export default function ConfigForm({ config, groups, onClose, onDone }: Props) {
  const [form] = Form.useForm<ConfigBody>()
  const kind = (Form.useWatch('valueKind', form) ?? config?.valueKind ?? 'text') as ValueKind
  const secret = Form.useWatch('isSecret', form) ?? config?.isSecret ?? false
  const initial: Partial<ConfigBody> = config
    ? { ...config, configValue: config.isSecret ? '' : config.configValue }
    : { valueKind: 'text', configValue: '', isPublic: false, isSecret: false }

  const submit = (v: ConfigBody) => {
    let value = v.configValue ?? ''
    // An untouched secret goes back masked, which keeps the stored value.
    if (config?.isSecret && v.isSecret && value === '') value = SECRET_MASK
    const body: ConfigBody = {
      configKey: v.configKey.trim(),
      configName: v.configName?.trim() ?? '',
      configGroup: v.configGroup?.trim() ?? '',
      remark: v.remark?.trim() ?? '',
      valueKind: v.valueKind,
      configValue: value,
      isPublic: !!v.isPublic,
      isSecret: !!v.isSecret,
    }
    return config ? updateConfig({ ...body, id: config.id }) : createConfig(body)
  }

  // Another kind means another control: start its value afresh.
  const onValuesChange = (changed: Partial<ConfigBody>) => {
    if (changed.valueKind) form.setFieldValue('configValue', changed.valueKind === 'bool' ? 'false' : '')
  }

  return (
    <FormDialog<ConfigBody>
      form={form}
      title={config ? '编辑配置' : '新增配置'}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
      onDone={onDone}
      onValuesChange={onValuesChange}
      width={680}
    >
      <Form.Item
        label="配置键"
        name="configKey"
        rules={[
          { required: true, whitespace: true, message: '请输入配置键' },
          { pattern: KEY, message: '配置键须以字母开头，由不超过100位的字母、数字、下划线、点或连字符组成' },
        ]}
      >
        <Input placeholder="如 passwordReg" maxLength={100} />
      </Form.Item>
      <Form.Item label="配置名称" name="configName" rules={[{ max: 100, message: '配置名称不能超过100个字' }]}>
        <Input placeholder="请输入配置名称" maxLength={100} />
      </Form.Item>
      <Form.Item label="配置分组" name="configGroup" rules={[{ max: 50, message: '配置分组不能超过50个字' }]}>
        <AutoComplete
          placeholder="选择或输入分组"
          options={groups.map((g) => ({ value: g, label: GROUP_LABELS[g] ? `${GROUP_LABELS[g]}（${g}）` : g }))}
        />
      </Form.Item>
      <Form.Item label="值类型" name="valueKind" rules={[{ required: true, message: '请选择值类型' }]}>
        <Select options={VALUE_KINDS} style={{ width: 200 }} />
      </Form.Item>
      <ValueItem kind={kind} secret={secret} editing={!!config} />
      <Form.Item label="公开" name="isPublic" valuePropName="checked" extra="公开的配置未登录也可读取（登录页使用）">
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
      <Form.Item
        label="保密"
        name="isSecret"
        valuePropName="checked"
        dependencies={['isPublic']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v: boolean) => (v && getFieldValue('isPublic') ? Promise.reject(new Error('保密配置不能公开')) : Promise.resolve()),
          }),
        ]}
      >
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注不能超过500个字' }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  )
}
