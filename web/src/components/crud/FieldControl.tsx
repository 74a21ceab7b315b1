import { DatePicker, Input, InputNumber, Select, Switch } from 'antd'
import type { Field, Option } from './resource'

interface Props<T> {
  field: Field<T>
  options?: Option[]
  placeholder?: string
  props?: Record<string, unknown>
  /** Injected by Form.Item. */
  value?: unknown
  onChange?: (v: unknown) => void
}

/** The form control of a field by its type; Form.Item injects value/onChange and they are passed on. */
export default function FieldControl<T>({ field, options, placeholder, props, ...control }: Props<T>) {
  const p = { ...(control as Record<string, unknown>), ...props }
  const choose = placeholder ?? `请选择${field.label}`
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea rows={3} placeholder={placeholder ?? `请输入${field.label}`} {...p} />
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...p} />
    case 'switch':
      return <Switch {...p} />
    case 'date':
      return <DatePicker style={{ width: '100%' }} placeholder={choose} {...p} />
    case 'dateRange':
      return <DatePicker.RangePicker style={{ width: '100%' }} {...p} />
    case 'dict':
    case 'select':
      return <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={choose} options={options} {...p} />
    default:
      return <Input placeholder={placeholder ?? `请输入${field.label}`} {...p} />
  }
}
