import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Empty, Form, Input, Select, Space, Spin, Steps, Typography } from 'antd'
import { useState } from 'react'
import FormDialog from '@/components/FormDialog'
import { getChains, setChain } from './api'
import type { FlowChain, FlowChainsView } from './types'

export interface ChainEditorProps {
  /** The module's records, e.g. /api/fzdy: the chains are at base/flow/chains. */
  base: string
  /** What a chain is for, after the organisation type: "的发展党员记录". */
  recordNoun: string
  /** The caller holds the workflow's ChainsEdit permission. */
  canEdit: boolean
  /** Shown above the chains: how edits combine with the module's configuration. */
  note?: string
}

/**
 * 审批链: which organisation acts at each step, per type of the record's organisation
 * (platform/flow chains). With canEdit each chain opens an editor of its links' acting organisation
 * types and role names; records already started keep the chain they started with.
 */
export default function ChainEditor({ base, recordNoun, canEdit, note }: ChainEditorProps) {
  const key = ['flow', base, 'chains']
  const chains = useQuery({ queryKey: key, queryFn: () => getChains(base) })
  const client = useQueryClient()
  const [editing, setEditing] = useState<FlowChain>()
  if (chains.isLoading) return <Spin style={{ display: 'block', margin: '32px auto' }} />
  const view = chains.data
  if (!view?.chains.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未配置审批链" />
  const typeLabel = (v: string) => view.orgTypes.find((t) => t.value === v)?.label ?? v
  const stepTitle = (k: string) => view.steps.find((s) => s.key === k)?.title ?? k
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
      {view.chains.map((c) => (
        <Card
          key={c.orgType}
          size="small"
          title={`${typeLabel(c.orgType)}${recordNoun}`}
          extra={canEdit && <Button size="small" onClick={() => setEditing(c)}>编辑</Button>}
        >
          <Steps
            orientation="vertical"
            size="small"
            current={-1}
            items={c.links.map((l) => ({ key: l.step, title: stepTitle(l.step), content: `${l.role}（${l.acting.map(typeLabel).join('、')}）` }))}
          />
        </Card>
      ))}
      {editing && (
        <ChainDialog
          view={view}
          chain={editing}
          title={`编辑审批链：${typeLabel(editing.orgType)}${recordNoun}`}
          onSave={(c) => setChain(base, c).then((v) => client.setQueryData(key, v))}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Space>
  )
}

interface DialogProps {
  view: FlowChainsView
  chain: FlowChain
  title: string
  onSave: (c: FlowChain) => Promise<unknown>
  onClose: () => void
}

/** One chain's links: the steps stay in order; who acts at each and under which role is edited. */
function ChainDialog({ view, chain, title, onSave, onClose }: DialogProps) {
  const stepTitle = (k: string) => view.steps.find((s) => s.key === k)?.title ?? k
  const types = view.orgTypes.filter((t) => t.value !== '*').map((t) => ({ value: t.value, label: t.label }))
  return (
    <FormDialog<{ links: FlowChain['links'] }>
      title={title}
      width={760}
      labelSpan={7}
      initialValues={{ links: chain.links }}
      onSubmit={(v) => onSave({ orgType: chain.orgType, links: chain.links.map((l, i) => ({ ...l, ...v.links[i] })) })}
      onClose={onClose}
    >
      <Form.List name="links">
        {(fields, _, { errors }) => (
          <>
            {fields.map((f, i) => (
            <Form.Item key={f.key} label={stepTitle(chain.links[i].step)} style={{ marginBottom: 8 }}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name={[f.name, 'acting']} noStyle rules={[{ required: true, message: '请选择办理的党组织类型' }]}>
                  <Select mode="multiple" options={types} placeholder="办理的党组织类型" style={{ width: '60%' }} aria-label={`${stepTitle(chain.links[i].step)}办理的党组织类型`} />
                </Form.Item>
                <Form.Item name={[f.name, 'role']} noStyle rules={[{ required: true, whitespace: true, message: '请填写办理角色' }]}>
                  <Input maxLength={50} placeholder="角色名称" style={{ width: '40%' }} aria-label={`${stepTitle(chain.links[i].step)}角色名称`} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            ))}
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </FormDialog>
  )
}
