import { useQuery } from '@tanstack/react-query'
import { Alert, Spin } from 'antd'
import { useSearchParams } from 'react-router'
import PrintLayout from '@/components/flow/PrintLayout'
import { withQueryClient } from '@/components/withQueryClient'
import { getRegister, type RegisterRow } from '@/pages/develop/report/api'

/** The printed register's columns: the register's, the number and birth date shortened to fit A4. */
const COLUMNS: { title: string; cell: (r: RegisterRow) => string | null; nowrap?: boolean }[] = [
  { title: '姓名', cell: (r) => r.name, nowrap: true },
  { title: '性别', cell: (r) => r.genderLabel },
  { title: '民族', cell: (r) => r.ethnicityLabel },
  { title: '出生年月', nowrap: true, cell: (r) => r.birthDate?.slice(0, 7) ?? null },
  { title: '学历', cell: (r) => r.educationLabel },
  { title: '人员类别', cell: (r) => r.personCategoryLabel },
  { title: '所在党支部', cell: (r) => r.orgName },
  { title: '递交申请', nowrap: true, cell: (r) => r.appliedOn },
  { title: '确定积极分子', nowrap: true, cell: (r) => r.activistOn },
  { title: '确定发展对象', nowrap: true, cell: (r) => r.targetOn },
  { title: '支部大会', nowrap: true, cell: (r) => r.admittedOn },
  { title: '上级党委审批', nowrap: true, cell: (r) => r.approvedOn },
  { title: '志愿书编号', nowrap: true, cell: (r) => r.volunteerNo ?? '' },
  { title: '入党介绍人', cell: (r) => r.sponsors },
]

const tableCss = `
.dev-register { width: 100%; border-collapse: collapse; font-size: 8pt; }
.dev-register td.nowrap { white-space: nowrap; word-break: normal; }
.dev-register th, .dev-register td { border: 1px solid #000; padding: 2px 3px; text-align: center; word-break: break-all; }
.dev-register thead { display: table-header-group; }
`

/** 发展党员名册 as printed: /print/devRegister?year=&orgId=, the rows of the register page. */
function DevRegisterPrint() {
  const [params] = useSearchParams()
  const year = Number(params.get('year'))
  const orgId = Number(params.get('orgId')) || null
  const valid = Number.isInteger(year) && year > 1900
  const register = useQuery({ queryKey: ['fzdy', 'reports', 'register', { year, orgId }], queryFn: () => getRegister({ year, orgId }), enabled: valid })
  if (!valid) return <Alert type="error" showIcon title="缺少年度参数" style={{ margin: 24 }} />
  if (register.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (register.isError || !register.data) return <Alert type="error" showIcon title="发展党员名册加载失败" style={{ margin: 24 }} />
  const rows = register.data
  return (
    <PrintLayout
      title={`${year}年发展党员名册`}
      margin="12mm 8mm"
      meta={[
        { label: '人数', value: `${rows.length}人` },
        { label: '制表日期', value: new Date().toLocaleDateString('zh-CN') },
      ]}
      signatures={[{ label: '党委组织部（盖章）' }, { label: '制表人' }]}
    >
      <style>{tableCss}</style>
      <table className="dev-register">
        <thead>
          <tr>
            <th>序号</th>
            {COLUMNS.map((c) => (
              <th key={c.title}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length + 1}>{year}年没有经上级党委审批接收的预备党员</td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={r.id}>
                <td>{i + 1}</td>
                {COLUMNS.map((c) => (
                  <td key={c.title} className={c.nowrap ? 'nowrap' : undefined}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </PrintLayout>
  )
}

export default withQueryClient(DevRegisterPrint)
