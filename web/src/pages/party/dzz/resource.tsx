import { Col, Form, Radio, Tag, Typography, type FormRule } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { DICT_ORG_CATEGORY, DICT_ORG_TYPE } from '@/api/dicts'
import { PERM } from '@/api/permissions'
import { defineResource } from '@/components/crud'
import DeptTreeSelect from '@/components/dept/DeptTreeSelect'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import TermEnd from './components/TermEnd'
import { createOrg, deleteOrgs, fetchTree, orgDetail, updateOrg } from './service'
import { defaultTermYears, ORG_STATUS_NORMAL, type OrgDetail, type OrgNode } from './types'

/** The name's and short name's rules, shared with 更名. */
export const NAME_RULES: FormRule[] = [
  { required: true, whitespace: true, message: '请输入党组织名称' },
  { max: 50, message: '不超过50个字' },
]
export const SHORT_NAME_RULES: FormRule[] = [{ max: 20, message: '不超过20个字' }]

/** The tree's status filter: live organisations by default, the revoked ones, or both. */
const STATUS_OPTIONS = [
  { label: '正常', value: '1' },
  { label: '撤销', value: '2' },
  { label: '全部', value: 'all' },
]

const notFuture = { disabledDate: (d: Dayjs) => d.isAfter(dayjs(), 'day') }

/** Leaders are chosen among the members (设置书记/委员): the form only says where. */
const leadersNote = (
  <Col span={12}>
    <Form.Item label="书记、委员" extra="正式党员7名以上的支部应设立支部委员会">
      <Typography.Text type="secondary">保存后在组织树的“设置书记/委员”中从本组织党员中选择</Typography.Text>
    </Form.Item>
  </Col>
)

/**
 * 党组织: an organisation's fields for the tree's search, the create/edit and split forms and the
 * detail. The tree lists nodes (OrgNode); the form and the detail work on the organisation as its
 * detail answers it. The tree's columns stay the tree's own (OrgTree): their order and cells differ.
 */
export const orgResource = defineResource<OrgDetail, OrgNode>({
  key: 'dzz-tree',
  columnsKey: 'party.dzz.tree',
  noun: '党组织',
  api: { fetch: fetchTree, detail: orgDetail, create: createOrg, update: updateOrg, remove: deleteOrgs },
  permissions: { add: PERM.dzzAdd, edit: PERM.dzzEdit, del: PERM.dzzDel, import: PERM.dzzImport },
  importKind: 'dzzxx',
  export: { url: '/api/dzzxx/export', fileName: '党组织信息.xlsx' },
  form: {
    initial: { termYears: 3, sort: 999 },
    // A new type brings its usual term length, until the user picks one.
    onValuesChange: (form, changed) => {
      if ('type' in changed && !form.isFieldTouched('termYears')) form.setFieldValue('termYears', defaultTermYears(changed.type as string))
    },
  },
  fields: [
    { name: 'name', label: '党组织名称', rules: NAME_RULES, search: { label: '名称', placeholder: '名称或简称' }, detail: { label: '名称' } },
    {
      name: 'code',
      label: '党组织编码',
      required: true,
      rules: [{ pattern: /^[0-9A-Za-z_-]{1,32}$/, message: '只能由字母、数字、下划线和短横线组成，且不超过32位' }],
      detail: false,
    },
    { name: 'shortName', label: '简称', rules: SHORT_NAME_RULES },
    // The detail shows the code after the short name, where the form asks for it before.
    { name: 'code', label: '编码', form: false },
    {
      name: 'status',
      label: '状态',
      type: 'select',
      options: STATUS_OPTIONS,
      form: false,
      search: { single: true },
      render: (_: string, d: OrgDetail) => (d.status === ORG_STATUS_NORMAL ? <Tag color="green">{d.statusLabel || '正常'}</Tag> : <Tag>{d.statusLabel || '撤销'}</Tag>),
    },
    { name: 'type', label: '党组织类型', type: 'dict', dict: DICT_ORG_TYPE, required: true, form: { props: { allowClear: false, showSearch: false } }, detail: { label: '类型' } },
    { name: 'category', label: '党组织类别', type: 'dict', dict: DICT_ORG_CATEGORY, form: { props: { showSearch: false } }, detail: { label: '类别' } },
    {
      name: 'pid',
      label: '上级党组织',
      type: 'custom',
      // Edits change the parent with 调整上级.
      form: { hidden: ({ record }) => !!record, extra: '不选则为顶级党委', render: () => <OrgTreeSelect placeholder="请选择上级党组织" /> },
      detail: { span: 'filled', render: (d) => d.ancestors.map((a) => a.name).join(' / ') || '无（顶级）' },
    },
    { name: 'unitDeptId', label: '所在单位', display: 'unitName', type: 'custom', form: { render: () => <DeptTreeSelect placeholder="请选择所在单位" /> } },
    { name: 'foundedOn', label: '成立日期', type: 'date', form: { props: notFuture } },
    { name: 'secretaryName', label: '书记', form: { item: () => leadersNote } },
    { name: 'contactPhone', label: '联系电话', rules: [{ pattern: /^[0-9+\-() ]{0,32}$/, message: '联系电话格式不正确' }] },
    { name: 'committee', label: '委员会成员', form: false, detail: { span: 'filled', render: (d) => d.committee.join('、') || '未设立' } },
    {
      name: 'termStart',
      label: '本届任期开始',
      type: 'date',
      form: { span: 8 },
      detail: { label: '本届任期', render: (d) => (d.termStart ? `${d.termStart} 起 ${d.termYears} 年` : '') },
    },
    {
      name: 'termYears',
      label: '任期年限',
      type: 'custom',
      detail: false,
      form: {
        span: 8,
        extra: '党委5年，党总支、党支部3年',
        render: () => (
          <Radio.Group
            options={[
              { label: '3年', value: 3 },
              { label: '5年', value: 5 },
            ]}
          />
        ),
      },
    },
    { name: 'termEnd', label: '届满日期', form: { item: ({ form }) => <TermEnd form={form} /> } },
    { name: 'sort', label: '排序', type: 'number', detail: false, form: { span: 8, props: { min: 0, max: 99999 } } },
    { name: 'memberCount', label: '党员', form: false, detail: { render: (d) => `${d.memberCount} 人（正式党员 ${d.fullCount} 人）` } },
    { name: 'totalCount', label: '含下级党员', form: false, detail: { render: (d) => `${d.totalCount} 人` } },
    { name: 'childCount', label: '下级党组织', form: false, detail: { render: (d) => `${d.childCount} 个` } },
    { name: 'revokedOn', label: '撤销日期', form: false, detail: { hidden: (d) => !d.revokedOn } },
    { name: 'updateTime', label: '更新时间', type: 'datetime' },
  ],
})
