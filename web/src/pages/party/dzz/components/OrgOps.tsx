import { Alert, Checkbox, Form, Input, Radio, Row, Typography } from 'antd'
import { useMemo } from 'react'
import { ui } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import FormDrawer from '@/components/FormDrawer'
import RevokeDialog from '@/components/RevokeDialog'
import { ResourceForm, ResourceFormItems, toBody } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { subtreeIds } from '@/utils/tree'
import { bodyOf, mergeOrgs, moveOrg, orgDetail, revokeOrg, splitOrg, updateOrg } from '../service'
import { NAME_RULES, orgResource, SHORT_NAME_RULES } from '../resource'
import type { OrgBody, OrgDetail, OrgNode } from '../types'
import LeadersDialog from './LeadersDialog'

/** The operation a dialog is open for. */
export type OrgOp =
  | { kind: 'create'; parent: OrgNode | null }
  | { kind: 'edit'; detail: OrgDetail }
  | { kind: 'leaders'; detail: OrgDetail }
  | { kind: 'move' | 'split' | 'rename' | 'revoke'; node: OrgNode }
  | { kind: 'merge'; sources: OrgNode[] }

interface Props {
  op: OrgOp
  onClose: () => void
  onDone: () => void
}

const explain = (text: string) => <Alert type="info" showIcon title={text} style={{ marginBottom: 16 }} />

/** Organisations with members or live sub-organisations cannot go (the server says so). */
const ORG_REVOKE_WARNING =
  '撤销后该组织不再出现在组织树和选择框中（可在“已撤销”中查看），记录和变动轨迹保留。组织内还有党员或未撤销的下级党组织时不能撤销，请先转移或合并。'

/** Opens the dialog of one organisation operation, each with what it does in plain words. */
export default function OrgOpDialog({ op, onClose, onDone }: Props) {
  switch (op.kind) {
    case 'create':
    case 'edit':
      return <OrgFormDrawer op={op} onClose={onClose} onDone={onDone} />
    case 'leaders':
      return <LeadersDialog detail={op.detail} onClose={onClose} onDone={onDone} />
    case 'move':
      return <MoveDialog node={op.node} onClose={onClose} onDone={onDone} />
    case 'merge':
      return <MergeDialog sources={op.sources} onClose={onClose} onDone={onDone} />
    case 'split':
      return <SplitDrawer node={op.node} onClose={onClose} onDone={onDone} />
    case 'rename':
      return <RenameDialog node={op.node} onClose={onClose} onDone={onDone} />
    case 'revoke':
      return (
        <RevokeDialog
          title={`撤销：${op.node.name}`}
          warning={ORG_REVOKE_WARNING}
          revoke={(on) => revokeOrg(op.node.id, on)}
          onClose={onClose}
          onDone={onDone}
        />
      )
  }
}

function OrgFormDrawer({ op, onClose, onDone }: { op: Extract<OrgOp, { kind: 'create' | 'edit' }> } & Omit<Props, 'op'>) {
  const parent = op.kind === 'create' ? op.parent : null
  const editing = op.kind === 'edit' ? op.detail : null
  return (
    <ResourceForm<OrgDetail>
      resource={orgResource}
      record={editing}
      title={parent ? `新增“${parent.name}”的下级党组织` : undefined}
      initial={{ pid: parent?.id ?? null }}
      // 书记/委员 are chosen with 设置书记/委员, the parent with 调整上级: an edit keeps them.
      submit={editing ? (body) => updateOrg({ ...body, secretaryName: editing.secretaryName, committee: editing.committee, pid: editing.pid } as OrgBody) : undefined}
      onClose={onClose}
      onDone={onDone}
    />
  )
}

function MoveDialog({ node, onClose, onDone }: { node: OrgNode } & Omit<Props, 'op'>) {
  const disabled = useMemo(() => new Set(subtreeIds(node)), [node])
  return (
    <FormDialog<{ pid: number | null }>
      title={`调整上级：${node.name}`}
      initialValues={{ pid: node.pid }}
      onSubmit={(v) => moveOrg(node.id, v.pid ?? null)}
      onClose={onClose}
      onDone={onDone}
      successText="调整成功"
    >
      {explain('本组织连同它的全部下级党组织一起移到新的上级之下，党员仍留在原组织。上级的类型须能领导本组织（如党支部只能在党总支、二级党委或党委之下）。')}
      <Form.Item name="pid" label="新的上级" extra="不选则成为顶级党委">
        <OrgTreeSelect disabledIds={disabled} placeholder="请选择新的上级党组织" />
      </Form.Item>
    </FormDialog>
  )
}

function MergeDialog({ sources, onClose, onDone }: { sources: OrgNode[] } & Omit<Props, 'op'>) {
  const disabled = useMemo(() => new Set(sources.flatMap((s) => subtreeIds(s))), [sources])
  return (
    <FormDialog<{ targetId: number }>
      title="合并党组织"
      onSubmit={async (v) => {
        const r = await mergeOrgs(
          sources.map((s) => s.id),
          v.targetId,
        )
        ui.message.info(`已转入 ${r.membersMoved} 名党员、${r.childrenMoved} 个下级党组织`)
      }}
      onClose={onClose}
      onDone={onDone}
      successText="合并成功"
    >
      {explain('合并后，被合并组织的全部党员和下级党组织转入目标组织，被合并组织自动撤销（撤销日期为今天），每名党员的变动都记入变动轨迹。合并不能一键撤回。')}
      <Form.Item label="被合并的组织">
        <Typography.Text strong>{sources.map((s) => `${s.name}（${s.totalCount}人）`).join('、')}</Typography.Text>
      </Form.Item>
      <Form.Item name="targetId" label="合并到" rules={[{ required: true, message: '请选择合并到的党组织' }]}>
        <OrgTreeSelect disabledIds={disabled} placeholder="请选择目标党组织" allowClear={false} />
      </Form.Item>
    </FormDialog>
  )
}

type SplitValues = Record<string, unknown> & { placement: 'sibling' | 'child'; childIds: number[] }

/** The new organisation's fields: its parent follows from the placement. */
const splitFields = orgResource.fields.filter((f) => f.name !== 'pid')

function SplitDrawer({ node, onClose, onDone }: { node: OrgNode } & Omit<Props, 'op'>) {
  const [form] = Form.useForm<SplitValues>()
  const children = (node.children ?? []).filter((c) => c.status === '1')
  return (
    <FormDrawer<SplitValues>
      title={`拆分：${node.name}`}
      form={form}
      initialValues={{ ...orgResource.form?.initial, placement: 'sibling', childIds: [], sort: node.sort + 1 }}
      onSubmit={(v) => {
        const { placement, childIds, ...org } = v
        return splitOrg(node.id, { ...toBody(splitFields, org), pid: placement === 'child' ? node.id : node.pid } as OrgBody, childIds ?? [])
      }}
      onClose={onClose}
      onDone={onDone}
      successText="拆分成功"
    >
      {explain('拆分会新建一个党组织，并把选中的下级党组织转到新组织之下；党员不随拆分移动，需要时请在党员信息中调整所在党组织。')}
      <Form.Item name="placement" label="新组织的位置">
        <Radio.Group
          options={[
            { label: `与“${node.name}”同级`, value: 'sibling' },
            { label: `在“${node.name}”之下`, value: 'child' },
          ]}
        />
      </Form.Item>
      <Form.Item name="childIds" label="转到新组织的下级党组织" extra={children.length === 0 ? '该组织没有下级党组织' : undefined}>
        <Checkbox.Group options={children.map((c) => ({ label: `${c.name}（${c.totalCount}人）`, value: c.id }))} />
      </Form.Item>
      <Typography.Title level={5}>新党组织</Typography.Title>
      <Row gutter={16}>
        <ResourceFormItems fields={splitFields} form={form} record={null} columns />
      </Row>
    </FormDrawer>
  )
}

function RenameDialog({ node, onClose, onDone }: { node: OrgNode } & Omit<Props, 'op'>) {
  return (
    <FormDialog<{ name: string; shortName: string }>
      title={`更名：${node.name}`}
      initialValues={{ name: node.name, shortName: node.shortName }}
      onSubmit={async (v) => {
        // The update replaces every field: start from the organisation as it is now.
        const d = await orgDetail(node.id)
        await updateOrg({ ...bodyOf(d), pid: d.pid, name: v.name.trim(), shortName: (v.shortName ?? '').trim() })
      }}
      onClose={onClose}
      onDone={onDone}
      successText="更名成功"
    >
      {explain('只改名称和简称，其他信息不变；原名称记入变动轨迹，可随时还原。')}
      <Form.Item name="name" label="新名称" rules={NAME_RULES}>
        <Input />
      </Form.Item>
      <Form.Item name="shortName" label="简称" rules={SHORT_NAME_RULES}>
        <Input />
      </Form.Item>
    </FormDialog>
  )
}
