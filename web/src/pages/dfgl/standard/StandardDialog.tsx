import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Form, Input, Radio, Select, Space } from 'antd'
import FormDialog from '@/components/FormDialog'
import { createStandard, KIND_LABELS, updateStandard, type Category, type Standard, type StandardInput, type StandardKind } from './api'

type Values = { name: string; category: string; kind: StandardKind; brackets?: { upTo?: string; rate: string }[]; fixed?: string; basis?: string }

const MONEY = /^\d+(\.\d{1,2})?$/

/** New or edited (not yet enabled) standard: brackets of the base with their rates, a fixed amount, or exemption. */
export default function StandardDialog({ standard, categories, onClose, onDone }: { standard: Standard | null; categories: Category[]; onClose: () => void; onDone: () => void }) {
  const initial: Values = standard
    ? {
        name: standard.name,
        category: standard.category,
        kind: standard.kind,
        brackets: standard.brackets.map((b) => ({ upTo: b.upTo ?? '', rate: b.rate })),
        fixed: standard.kind === 'fixed' ? standard.fixed : undefined,
        basis: standard.basis,
      }
    : { name: '', category: 'salaried', kind: 'rate', brackets: [{ upTo: '', rate: '' }], basis: '' }
  return (
    <FormDialog<Values>
      title={standard ? `修改党费标准：${standard.name}` : '新增党费标准'}
      initialValues={initial}
      width={720}
      onClose={onClose}
      onDone={onDone}
      onSubmit={(v) => {
        const body: StandardInput = { id: standard?.id, name: v.name.trim(), category: v.category, kind: v.kind, basis: v.basis?.trim() ?? '', updatedAt: standard?.updatedAt }
        if (v.kind === 'rate') body.brackets = (v.brackets ?? []).map((b) => ({ upTo: b.upTo?.trim() ?? '', rate: b.rate.trim() }))
        if (v.kind === 'fixed') body.fixed = v.fixed?.trim()
        return standard ? updateStandard(body) : createStandard(body)
      }}
    >
      <Form.Item label="标准名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入标准名称' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="适用类别" name="category" rules={[{ required: true, message: '请选择适用类别' }]}>
        <Select options={categories.map((c) => ({ value: c.code, label: c.label }))} />
      </Form.Item>
      <Form.Item label="计算方式" name="kind" rules={[{ required: true, message: '请选择计算方式' }]}>
        <Radio.Group options={(Object.keys(KIND_LABELS) as StandardKind[]).map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 'rate' ? (
            <Form.Item label="基数区间" required extra="按月基数由低到高填写各档上限（含），最后一档不填上限；比例为百分数，如 0.5 表示 0.5%">
              <Form.List name="brackets">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((f, i) => (
                      <Space key={f.key} align="baseline">
                        <Form.Item name={[f.name, 'upTo']} rules={[{ pattern: MONEY, message: '金额最多两位小数' }]}>
                          <Input addonBefore="基数 ≤" addonAfter="元" placeholder={i === fields.length - 1 ? '不填：以上' : ''} style={{ width: 220 }} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'rate']} rules={[{ required: true, message: '请输入比例' }, { pattern: /^\d+(\.\d{1,4})?$/, message: '比例为最多四位小数的百分数' }]}>
                          <Input addonAfter="%" style={{ width: 140 }} />
                        </Form.Item>
                        {fields.length > 1 && <MinusCircleOutlined aria-label="删除此档" onClick={() => remove(f.name)} />}
                      </Space>
                    ))}
                    {fields.length < 10 && (
                      <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ upTo: '', rate: '' })}>
                        增加一档
                      </Button>
                    )}
                  </>
                )}
              </Form.List>
            </Form.Item>
          ) : getFieldValue('kind') === 'fixed' ? (
            <Form.Item label="每月金额" name="fixed" rules={[{ required: true, message: '请输入每月金额' }, { pattern: MONEY, message: '金额最多两位小数' }]}>
              <Input addonAfter="元" style={{ width: 200 }} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item label="依据" name="basis">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  )
}
