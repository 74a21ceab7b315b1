import { deleteNumbers, listNumbers, saveNumbers, type NumberRange } from '@/api/develop'
import { PERM } from '@/api/permissions'
import { ChildTable, defineResource, wholeList } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'

/** A number as printed: prefix + zero-padded digits. */
export const formatNo = (r: Pick<NumberRange, 'prefix' | 'width'>, n: number) => `${r.prefix}${String(n).padStart(r.width, '0')}`

const whole = { precision: 0, style: { width: 200 } }

const numbersResource = defineResource<NumberRange>({
  key: 'fzdy-numbers',
  noun: '编号段',
  api: { fetch: wholeList(listNumbers), create: saveNumbers, update: saveNumbers, remove: deleteNumbers },
  titleOf: (r) => `${formatNo(r, r.first)}–${formatNo(r, r.last)}`,
  emptyText: '暂无编号段：填写入党志愿书（⑭）时从编号段中分配编号，请先登记本年度领取的编号',
  scrollX: 760,
  fields: [
    { name: 'year', label: '年度', type: 'number', required: true, width: 80, form: { props: { min: 2000, max: 2100, precision: 0, style: undefined } } },
    {
      name: 'orgId',
      label: '适用党组织',
      display: 'orgName',
      type: 'custom',
      width: 200,
      render: (v: string | undefined, r: NumberRange) => (r.orgId ? v : '全校通用'),
      form: { extra: '不选则全校通用', render: () => <OrgTreeSelect /> },
    },
    { name: 'prefix', label: '编号前缀', column: false, form: { props: { maxLength: 16, style: { width: 200 } } } },
    { name: 'first', label: '起始编号', type: 'number', required: true, width: 140, render: (n: number, r: NumberRange) => formatNo(r, n), form: { props: { min: 1, ...whole } } },
    {
      name: 'last',
      label: '截止编号',
      type: 'number',
      required: true,
      width: 140,
      render: (n: number, r: NumberRange) => formatNo(r, n),
      rules: [
        ({ getFieldValue }) => ({
          validator: (_, v?: number) =>
            v !== undefined && v !== null && v < Number(getFieldValue('first') ?? 0) ? Promise.reject(new Error('截止编号不能小于起始编号')) : Promise.resolve(),
        }),
      ],
      form: { dependencies: ['first'], props: { min: 1, ...whole } },
    },
    { name: 'next', label: '下一个编号', width: 140, form: false, render: (n: number, r: NumberRange) => (n > r.last ? '已用完' : formatNo(r, n)) },
    { name: 'left', label: '剩余', width: 70, form: false, render: (n: number | undefined, r: NumberRange) => n ?? Math.max(0, r.last - r.next + 1) },
    { name: 'width', label: '编号位数', type: 'number', column: false, form: { extra: '不足位数时前补 0；0 表示不补', empty: 0, props: { min: 0, max: 20, precision: 0, style: undefined } } },
  ],
})

/** 志愿书编号段: the 入党志愿书 numbers received per year (optionally kept for one secondary committee); ⑭ hands them out. */
export default function NumbersTab() {
  return <ChildTable<NumberRange> resource={numbersResource} need={[PERM.fzdyConfig]} initial={{ year: new Date().getFullYear(), width: 0 }} />
}
