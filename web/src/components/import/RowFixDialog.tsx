import { Form, Input, Select, Typography } from 'antd'
import FormDialog from '@/components/FormDialog'
import type { DictOption } from '@/api/dict'
import { formOptions } from '@/utils/dict'
import type { ImportColumn, ImportRow } from './api'

interface Props {
  row: ImportRow
  columns: ImportColumn[]
  dicts: Record<string, DictOption[]>
  onSubmit: (cells: Record<string, string>) => Promise<unknown>
  onClose: () => void
}

/**
 * Fixes one staged row: a form built from the kind's columns, the cells as typed. Dictionary
 * columns offer the dictionary's labels (what the template accepts); the server revalidates.
 */
export default function RowFixDialog({ row, columns, dicts, onSubmit, onClose }: Props) {
  const errorOf = (key: string) => row.errors.filter((e) => e.column === key).map((e) => e.message).join('；')
  return (
    <FormDialog<Record<string, string>>
      title={`修改第 ${row.rowNo} 行`}
      initialValues={row.cells}
      onSubmit={(values) =>
        onSubmit(Object.fromEntries(columns.map((c) => [c.key, (values[c.key] ?? '').toString().trim()])))
      }
      onClose={onClose}
      successText="已保存并重新校验"
      width={720}
      labelSpan={7}
    >
      {columns.map((c) => {
        const err = errorOf(c.key)
        return (
          <Form.Item
            key={c.key}
            name={c.key}
            label={c.label}
            rules={c.required ? [{ required: true, whitespace: true, message: `请输入${c.label}` }] : undefined}
            extra={
              err ? (
                <Typography.Text type="danger">{err}</Typography.Text>
              ) : c.personal ? (
                '为保护个人信息只显示部分号码；不修改则保留原值，修改时请输入完整号码'
              ) : undefined
            }
          >
            {c.dict ? (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={`请选择${c.label}`}
                options={formOptions(dicts[c.dict]).map((o) => ({ label: o.label, value: o.label }))}
              />
            ) : (
              <Input allowClear placeholder={c.example ? `例如：${c.example}` : `请输入${c.label}`} />
            )}
          </Form.Item>
        )
      })}
    </FormDialog>
  )
}
