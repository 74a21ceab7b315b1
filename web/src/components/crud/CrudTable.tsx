import { DeleteOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons'
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, type TableProps } from 'antd'
import { useState, type Key, type ReactNode } from 'react'
import { DIALOG_DEFAULTS, ui } from '@/app/bridge'
import { formToFilters, sortParams } from './query'
import type { Crud } from './useCrud'

export interface SearchField {
  name: string
  label: string
  type?: 'input' | 'select' | 'date'
  options?: { label: string; value: string | number | boolean }[]
  placeholder?: string
}

interface Props<T> {
  crud: Crud<T>
  columns: TableProps<T>['columns']
  rowKey?: keyof T & string
  searchFields?: SearchField[]
  /** Extra toolbar buttons (add, export, …). */
  toolbar?: ReactNode
  /** When given, rows become selectable and a 删除 button asks before calling it. */
  onDelete?: (ids: Key[]) => Promise<unknown>
  scrollX?: number
}

/** Asks before deleting; resolves true when deleted. */
export function confirmDelete(count: number, action: () => Promise<unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    ui.modal.confirm({
      ...DIALOG_DEFAULTS,
      title: '提示',
      content: `确认删除选中的 ${count} 条数据吗？`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await action()
          ui.message.success('删除成功')
          resolve(true)
        } catch (e) {
          resolve(false)
          throw e
        }
      },
      onCancel: () => resolve(false),
    })
  })
}

/** Form.Item injects value/onChange into its direct child, so they are passed on to the control. */
function FieldInput({ field, ...control }: { field: SearchField; value?: unknown; onChange?: (v: unknown) => void }) {
  const placeholder = field.placeholder ?? `请输入${field.label}`
  const props = control as Record<string, unknown>
  if (field.type === 'select') return <Select {...props} allowClear placeholder={`请选择${field.label}`} options={field.options} style={{ width: 160 }} />
  if (field.type === 'date') return <DatePicker {...props} placeholder={placeholder} />
  return <Input {...props} allowClear placeholder={placeholder} style={{ width: 180 }} />
}

/** Search form + toolbar + paged table over a `{content,totalElements}` endpoint. */
export default function CrudTable<T extends object>({ crud, columns, rowKey = 'id' as keyof T & string, searchFields = [], toolbar, onDelete, scrollX }: Props<T>) {
  const [form] = Form.useForm()
  const [selected, setSelected] = useState<Key[]>([])

  const onTableChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    crud.setQuery((q) => ({
      ...q,
      page: (pagination.current ?? 1) - 1,
      size: pagination.pageSize ?? q.size,
      sort: sortParams(sorter),
    }))
  }

  const remove = async () => {
    if (!onDelete) return
    if (await confirmDelete(selected.length, () => onDelete(selected))) {
      setSelected([])
      crud.reload()
    }
  }

  return (
    <Card className="crud-table" variant="borderless">
      {searchFields.length > 0 && (
        <Form form={form} layout="inline" onFinish={(v: Record<string, unknown>) => crud.search(formToFilters(v))} style={{ marginBottom: 16, rowGap: 8 }}>
          {searchFields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              <FieldInput field={f} />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                搜索
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields()
                  crud.search({})
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Space style={{ marginBottom: 12 }}>
        {toolbar}
        {onDelete && (
          <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={remove}>
            删除
          </Button>
        )}
      </Space>
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={crud.rows}
        loading={crud.loading}
        scroll={scrollX ? { x: scrollX } : undefined}
        rowSelection={onDelete ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        onChange={onTableChange}
        pagination={{
          current: crud.query.page + 1,
          pageSize: crud.query.size,
          total: crud.total,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
        }}
      />
    </Card>
  )
}
