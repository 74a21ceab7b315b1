import { CopyOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Empty, Form, Input, InputNumber, Space, Spin, Table, Typography } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { confirmAction } from '@/components/crud/confirm'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { copyIndicators, deleteIndicators, getIndicators, saveIndicator, type Indicator } from './api'

const CATEGORIES = ['组织设置', '班子建设', '党员队伍', '组织生活', '制度落实', '阵地保障', '作用发挥']

/** An indicator's form (the 组织部): category, name, scoring standard, points with one decimal place, order. */
function IndicatorDialog({ year, indicator, onClose, onDone }: { year: number; indicator?: Indicator; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<Partial<Indicator>>
      title={indicator ? '修改指标' : '新增指标'}
      initialValues={indicator ?? { sort: 100 }}
      successText={indicator ? '指标已修改' : '指标已新增'}
      onSubmit={(v) => saveIndicator({ ...indicator, ...v, year })}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item label="指标类别" name="category" rules={[{ required: true, whitespace: true, message: '请输入指标类别' }]}>
        <Input maxLength={50} list="dzzjs-categories" />
      </Form.Item>
      <datalist id="dzzjs-categories">
        {CATEGORIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <Form.Item label="指标名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入指标名称' }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="评分标准" name="standard">
        <Input.TextArea rows={4} maxLength={2000} />
      </Form.Item>
      <Form.Item label="分值" name="maxPoints" rules={[{ required: true, message: '请输入分值' }]}>
        <InputNumber min={0.1} max={100} step={0.5} precision={1} addonAfter="分" />
      </Form.Item>
      <Form.Item label="排序" name="sort">
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </FormDialog>
  )
}

/**
 * 指标设置: the year's indicators by category with their points; the 组织部 adds, changes and removes them, or
 * copies the latest earlier year's set, until a branch submits an assessment of the year (the set is then frozen).
 */
export default function IndicatorsTab({ year }: { year: number }) {
  const client = useQueryClient()
  const canEdit = useHasPermission([PERM.dzzjsConfig])
  const set = useQuery({ queryKey: ['dzzjs', 'indicators', year], queryFn: () => getIndicators(year) })
  const [editing, setEditing] = useState<Indicator | 'new' | null>(null)
  const reload = () => void client.invalidateQueries({ queryKey: ['dzzjs', 'indicators', year] })
  if (set.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (!set.data) return <Alert type="error" showIcon title="考核指标加载失败" action={<Button onClick={() => void set.refetch()}>重试</Button>} />
  const s = set.data
  const editable = canEdit && !s.frozen
  const copy = async () => {
    try {
      await copyIndicators(year)
      ui.message.success(`已复制${s.latestEarlier}年度指标`)
      reload()
    } catch {
      /* shown by the request pipeline */
    }
  }
  const remove = async (i: Indicator) => {
    await deleteIndicators([i.id])
    reload()
  }
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>
          {year}年度共 {s.indicators.length} 项指标，满分 {s.total} 分
        </Typography.Text>
        {editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增指标
          </Button>
        )}
        {editable && s.indicators.length === 0 && s.latestEarlier > 0 && (
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            复制{s.latestEarlier}年度指标
          </Button>
        )}
      </Space>
      {s.frozen && <Alert style={{ marginBottom: 12 }} type="info" showIcon title="本年度已有党支部提交自评，指标已锁定，不能再修改。" />}
      <Table<Indicator>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={s.indicators}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={canEdit ? `${year}年度尚未设置指标，可新增或复制上一年度的指标` : `组织部尚未设置${year}年度的考核指标`}
            />
          ),
        }}
        columns={[
          {
            title: '类别',
            dataIndex: 'category',
            width: 110,
            // One cell per category: the rows of a category follow each other in the set's order.
            onCell: (r, i = 0) => {
              const list = s.indicators
              if (i > 0 && list[i - 1].category === r.category) return { rowSpan: 0 }
              let n = 1
              while (i + n < list.length && list[i + n].category === r.category) n++
              return { rowSpan: n }
            },
          },
          { title: '指标', dataIndex: 'name', width: 180 },
          { title: '评分标准', dataIndex: 'standard' },
          { title: '分值', dataIndex: 'maxPoints', width: 80, align: 'right' },
          ...(editable
            ? [
                {
                  title: '操作',
                  key: 'ops',
                  width: 130,
                  render: (_: unknown, r: Indicator) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => setEditing(r)}>
                        修改
                      </Button>
                      <Button type="link" size="small" danger onClick={() => void confirmAction(`确定删除指标“${r.name}”吗？`, () => remove(r), '指标已删除', true)}>
                        删除
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <IndicatorDialog year={year} indicator={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} onDone={reload} />}
    </>
  )
}
