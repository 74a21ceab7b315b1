import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Modal, Select, Spin, Table } from 'antd'
import { useState } from 'react'
import { useDicts } from '@/components/dict/useDicts'
import { getOccupations, setOccupations } from './api'

/** The school's 人员类别 → the 中组部 occupation groups, which the 职业 columns count by (dntj:map). */
export default function OccupationDialog({ onClose }: { onClose: () => void }) {
  const client = useQueryClient()
  const dicts = useDicts('DJ_DY_RYLBXX')
  const current = useQuery({ queryKey: ['dntj', 'occupations'], queryFn: getOccupations })
  const [edits, setEdits] = useState<Record<string, string>>({})
  const mapping: Record<string, string> = { ...Object.fromEntries((current.data?.mapping ?? []).map((r) => [r.category, r.occupation])), ...edits }
  const save = useMutation({
    mutationFn: () => setOccupations({ mapping: Object.fromEntries(Object.entries(mapping).filter(([, v]) => v)) }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['dntj'] })
      onClose()
    },
  })
  const categories = dicts.DJ_DY_RYLBXX ?? []
  return (
    <Modal open title="职业分类对应" okText="保存" onOk={() => save.mutate()} confirmLoading={save.isPending} onCancel={onClose} width={640}>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title="党员基本情况的“职业”各列按人员类别统计：请为本校的每个人员类别选择对应的中组部职业分类。未对应的类别计入“人员类别未填或未对应”。" />
      {current.isLoading ? (
        <Spin />
      ) : (
        <Table
          rowKey="value"
          size="small"
          pagination={false}
          dataSource={categories}
          columns={[
            { title: '人员类别', dataIndex: 'label', width: 200 },
            {
              title: '中组部职业分类',
              render: (_, c) => (
                <Select
                  aria-label={`${c.label}的职业分类`}
                  allowClear
                  placeholder="未对应"
                  style={{ width: '100%' }}
                  value={mapping[c.value] || undefined}
                  onChange={(v?: string) => setEdits((e) => ({ ...e, [c.value]: v ?? '' }))}
                  options={(current.data?.groups ?? []).map((g) => ({ value: g.key, label: g.title }))}
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  )
}
