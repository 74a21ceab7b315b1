import { Space, Tag, Tooltip, type TableProps } from 'antd'
import { DICT_ORG_TYPE } from '@/api/dicts'
import { CrudTable, useCrud } from '@/components/crud'
import { useDicts } from '@/components/dict/useDicts'
import { searchOptions } from '@/utils/dict'
import { fetchRelations } from '../service'
import { RULE_OPTIONS, type OrgRelation } from '../types'
import { warningTags } from './OrgDetailDrawer'

/**
 * 组织关系与预警: each live organisation with the unit it belongs to, what it leads, its
 * members, and the rules of RULES.md §4 it breaks (fewer than 3 full members, more than 50,
 * 7+ full members without a committee, a general branch of 100+, term due or overdue).
 */
export default function Relations() {
  const crud = useCrud<OrgRelation>({ key: 'dzz-relations', fetch: fetchRelations })
  const dicts = useDicts(DICT_ORG_TYPE)
  const columns: TableProps<OrgRelation>['columns'] = [
    { title: '党组织', dataIndex: 'name', width: 200, fixed: 'left' },
    { title: '类型', dataIndex: 'typeLabel', key: 'type', width: 100 },
    { title: '上级党组织', dataIndex: 'parentName', width: 180, ellipsis: true },
    { title: '所在单位', dataIndex: 'unitName', width: 160, ellipsis: true },
    {
      title: '领导的党组织',
      key: 'leads',
      width: 220,
      render: (_, r) =>
        r.leads.length === 0 ? (
          '—'
        ) : (
          <Space wrap size={4}>
            {r.leads.map((l) => (
              <Tooltip key={l.type} title={l.orgs.map((o) => o.name).join('、')}>
                <Tag>
                  {l.typeLabel} {l.count} 个
                </Tag>
              </Tooltip>
            ))}
          </Space>
        ),
    },
    { title: '书记', dataIndex: 'secretaryName', width: 90 },
    { title: '委员', key: 'committee', width: 80, render: (_, r) => (r.committee.length ? `${r.committee.length} 人` : '未设立') },
    { title: '党员（正式）', key: 'members', width: 110, render: (_, r) => `${r.memberCount}（${r.fullCount}）` },
    { title: '含下级党员', dataIndex: 'totalCount', width: 100 },
    { title: '届满日期', dataIndex: 'termEnd', width: 110 },
    { title: '提醒', key: 'warnings', width: 280, render: (_, r) => (r.warnings.length ? <Space wrap size={4}>{warningTags(r.warnings)}</Space> : <Tag color="green">正常</Tag>) },
  ]
  return (
    <CrudTable<OrgRelation>
      crud={crud}
      columns={columns}
      columnsKey="party.dzz.relations"
      scrollX={1700}
      emptyText="没有符合条件的党组织"
      searchFields={[
        { name: 'blurry', label: '关键字', placeholder: '名称、简称或编码' },
        { name: 'type', label: '类型', type: 'select', options: searchOptions(dicts[DICT_ORG_TYPE]) },
        { name: 'rule', label: '提醒', type: 'select', options: RULE_OPTIONS },
        {
          name: 'warningOnly',
          label: '只看有提醒的',
          type: 'select',
          options: [
            { label: '是', value: 'true' },
            { label: '否', value: 'false' },
          ],
        },
      ]}
    />
  )
}
