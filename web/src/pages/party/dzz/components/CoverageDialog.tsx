import { useQuery } from '@tanstack/react-query'
import { Alert, Form, Modal, Select, Spin, Typography } from 'antd'
import { useEffect } from 'react'
import FormDialog from '@/components/FormDialog'
import RemoteSelect, { type RemoteOption } from '@/components/RemoteSelect'
import { coverableClasses, coverableUnits, coverageOf, setCoverage, type CoverageItem } from '../service'
import type { OrgNode } from '../types'

interface Props {
  node: OrgNode
  onClose: () => void
}

interface Values {
  classIds?: number[]
  unitIds?: number[]
}

/** A class as the picker names it: name, grade and code. */
export const classLabel = (c: CoverageItem) => `${c.name}${c.grade ? `（${c.grade}级）` : ''}${c.code ? ` ${c.code}` : ''}`

/**
 * 覆盖范围: the classes and units of the people registry a branch's secretary sees, chosen within the
 * branch's college. Only a scope above the branch may change it (the server refuses the branch itself);
 * without coverage the secretary sees the classes and units of the branch's own members.
 */
export default function CoverageDialog({ node, onClose }: Props) {
  const coverage = useQuery({ queryKey: ['ry-coverage', node.id], queryFn: () => coverageOf(node.id), retry: false, gcTime: 0 })
  const editable = coverage.data?.editable ?? false
  const units = useQuery({ queryKey: ['ry-coverage-units', node.id], queryFn: () => coverableUnits(node.id), enabled: editable, retry: false, gcTime: 0 })
  // A refusal (no unit to choose in, out of scope) is shown by the request pipeline: nothing to edit.
  useEffect(() => {
    if (coverage.isError) onClose()
  }, [coverage.isError, onClose])

  const c = coverage.data
  if (!c) return <Modal open title={`覆盖范围：${node.name}`} footer={null} onCancel={onClose}><Spin /></Modal>
  const explain = `“${c.dzzName}”的书记在人员信息库中只看到覆盖范围内的人：所选班级的学生，所选单位的教职工。只能从${c.collegeName}（含下属单位）中选择；未设置时只显示本支部党员的人员信息。`
  if (!editable) {
    return (
      <Modal open title={`覆盖范围：${c.dzzName}`} footer={null} onCancel={onClose}>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="本支部的覆盖范围由上级党委或组织部设置，不能自行修改。" />
        <Typography.Paragraph>覆盖班级：{c.classes.length ? c.classes.map(classLabel).join('、') : '未设置'}</Typography.Paragraph>
        <Typography.Paragraph>覆盖单位：{c.units.length ? c.units.map((u) => u.name).join('、') : '未设置'}</Typography.Paragraph>
      </Modal>
    )
  }
  const known: RemoteOption[] = c.classes.map((x) => ({ value: x.id, label: classLabel(x) }))
  const search = (text: string) => coverableClasses(c.dzzId, text).then((list) => list.map((x) => ({ value: x.id, label: classLabel(x) })))
  return (
    <FormDialog<Values>
      title={`覆盖范围：${c.dzzName}`}
      initialValues={{ classIds: c.classes.map((x) => x.id), unitIds: c.units.map((u) => u.id) }}
      onSubmit={(v) => setCoverage(c.dzzId, v.classIds ?? [], v.unitIds ?? [])}
      onClose={onClose}
      successText="覆盖范围已保存"
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={explain} />
      <Form.Item name="classIds" label="覆盖班级" extra="学生党支部一般选择本支部学生所在的班级">
        <RemoteSelect multiple search={search} known={known} placeholder={`输入名称或编码搜索${c.collegeName}的班级`} emptyText="没有匹配的班级" />
      </Form.Item>
      <Form.Item name="unitIds" label="覆盖单位" extra="教工党支部一般选择本支部党员所在的单位（部门）；单位只覆盖其教职工，学生按班级覆盖">
        <Select
          mode="multiple"
          allowClear
          loading={units.isLoading}
          placeholder={`选择${c.collegeName}或其下属单位`}
          options={(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          optionFilterProp="label"
        />
      </Form.Item>
    </FormDialog>
  )
}
