import { useQuery } from '@tanstack/react-query'
import { Card, Col, Row, Statistic, Tag, type TableColumnsType } from 'antd'
import { PERM } from '@/api/permissions'
import type { Occupancy } from '@/api/generated/cadreQuota'
import { CrudTable, getFetcher, useCrud } from '@/components/crud'
import { useHasPermission } from '@/components/Permission'
import { fetchTotal, UNITS } from './api'

const columns: TableColumnsType<Occupancy> = [
  { title: '单位', dataIndex: 'unitName', key: 'unitName', sorter: true, ellipsis: true },
  { title: '核定职数', dataIndex: 'approved', key: 'approved', width: 110, sorter: true, align: 'right' },
  { title: '实配', dataIndex: 'occupied', key: 'occupied', width: 90, sorter: true, align: 'right' },
  { title: '空缺', dataIndex: 'vacant', key: 'vacant', width: 90, sorter: true, align: 'right' },
  {
    title: '超配',
    dataIndex: 'over',
    key: 'over',
    width: 90,
    sorter: true,
    align: 'right',
    render: (n: number) => (n > 0 ? <Tag color="error">超 {n}</Tag> : 0),
  },
]

/** The units' numbers summed over their levels, with the school's totals above. */
export default function UnitsTab() {
  const crud = useCrud<Occupancy>({ key: 'gbzs-units', fetch: getFetcher<Occupancy>(UNITS) })
  const total = useQuery({ queryKey: ['gbzs-total'], queryFn: fetchTotal })
  const canExport = useHasPermission([PERM.gbzsExport])
  const t = total.data
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }} title="全校合计">
        <Row gutter={16}>
          <Col span={6}>
            <Statistic title="核定职数" value={t?.approved ?? '-'} loading={total.isLoading} />
          </Col>
          <Col span={6}>
            <Statistic title="实配" value={t?.occupied ?? '-'} loading={total.isLoading} />
          </Col>
          <Col span={6}>
            <Statistic title="空缺" value={t?.vacant ?? '-'} loading={total.isLoading} />
          </Col>
          <Col span={6}>
            <Statistic title="超配" value={t?.over ?? '-'} loading={total.isLoading} styles={{ content: t && t.over > 0 ? { color: '#cf1322' } : undefined }} />
          </Col>
        </Row>
      </Card>
      <CrudTable<Occupancy>
        crud={crud}
        columns={columns}
        rowKey="unitId"
        emptyText="尚未核定任何单位的职数：在“核定职数”中新增"
        exportAction={canExport ? { url: `${UNITS}/export`, fileName: '单位职数.xlsx' } : undefined}
        searchFields={[
          { name: 'blurry', label: '单位名称' },
          {
            name: 'over',
            label: '超配',
            type: 'select',
            options: [
              { value: 'true', label: '有超配' },
              { value: 'false', label: '无超配' },
            ],
          },
        ]}
      />
    </>
  )
}
