import { DownloadOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { App, Button, Card, Col, Empty, Row, Select, Space, Spin, Statistic, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { downloadFile } from '@/api/file'
import type { Analysis, CommitteeRow } from '@/api/generated/statsWorkbench'
import { PERM } from '@/api/permissions'
import { get } from '@/api/request'
import EChart from '@/components/chart/EChart'
import { useHasPermission } from '@/components/Permission'
import { ReportFailed } from '@/components/report/ReportPage'
import { barOption, pieOption } from '@/pages/gb/fx/charts'

const getAnalysis = (committeeId: number) => get<Analysis>('/api/dzzfx', committeeId ? { committeeId } : undefined)

/** The dimensions drawn as rings; the others as bars. */
const RINGS = new Set(['gender', 'party'])

const SIZE_BANDS = [
  ['under3', '不足3人'],
  ['from3To6', '3至6人'],
  ['from7To50', '7至50人'],
  ['over50', '50人以上'],
] as const

const n = (title: string, key: keyof CommitteeRow) => ({ title, dataIndex: key, key, align: 'right' as const, width: 90 })

const columns: ColumnsType<CommitteeRow> = [
  { title: '二级党委', dataIndex: 'committeeName', key: 'committeeName', fixed: 'left', width: 200 },
  n('党支部', 'branches'),
  { title: '支部规模', children: SIZE_BANDS.map(([k, t]) => n(t, k)) },
  { title: '支委会', children: [n('已设立', 'withCommittee'), n('应设未设', 'committeeMissing')] },
  { title: '换届', children: [n('6个月内届满', 'termsDue'), n('已到期', 'termsOverdue')] },
  { title: '党员', children: [n('合计', 'members'), n('正式党员', 'full'), n('预备党员', 'probationary')] },
]

/**
 * 统计分析 › 党组织数据分析 (dzzfx:list): per 二级党委 of the caller's scope the organisation structure (branch
 * sizes, committees, terms due), the member structure by gender, age band, education, category and standing,
 * and the joining trend, with charts; the per-committee table exported as xlsx (dzzfx:export).
 */
export default function PartyOrgAnalysisPage() {
  const { message } = App.useApp()
  const mayExport = useHasPermission([PERM.dzzfxExport])
  const [committee, setCommittee] = useState(0)
  const [exporting, setExporting] = useState(false)
  const q = useQuery({ queryKey: ['dzzfx', committee], queryFn: () => getAnalysis(committee), placeholderData: keepPreviousData })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />
  if (q.isError || !q.data) return <ReportFailed what="党组织数据分析" retry={() => void q.refetch()} />
  const a = q.data
  const s = a.structure
  const download = () => {
    setExporting(true)
    downloadFile('/api/dzzfx/export', undefined, '党组织数据分析.xlsx')
      .catch(() => void message.error('导出失败，请稍后重试'))
      .finally(() => setExporting(false))
  }
  const empty = a.rows.length === 0
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Space wrap>
          <Select<number>
            aria-label="二级党委"
            style={{ width: 260 }}
            value={committee}
            onChange={setCommittee}
            options={[{ value: 0, label: '全部二级党委' }, ...a.rows.map((r) => ({ value: r.committeeId, label: r.committeeName }))]}
          />
          {mayExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} disabled={empty} onClick={download}>
              导出各二级党委统计表
            </Button>
          )}
          <Typography.Text type="secondary">统计日期：{a.day}</Typography.Text>
        </Space>
      </Card>
      {empty ? (
        <Card>
          <Empty description="数据范围内没有二级党委（或其下没有党组织），无可分析的数据" />
        </Card>
      ) : (
        <>
          <Card size="small" title="组织结构">
            <Row gutter={[16, 16]}>
              <Col xs={12} md={6} xl={3}><Statistic title="党支部" value={s.branches} suffix="个" /></Col>
              {SIZE_BANDS.map(([k, t]) => (
                <Col key={k} xs={12} md={6} xl={3}><Statistic title={`支部${t}`} value={s[k]} suffix="个" /></Col>
              ))}
              <Col xs={12} md={6} xl={3}><Statistic title="已设支委会" value={s.withCommittee} suffix="个" /></Col>
              <Col xs={12} md={6} xl={3}><Statistic title="应设未设支委会" value={s.committeeMissing} suffix="个" /></Col>
              <Col xs={12} md={6} xl={3}><Statistic title="6个月内届满" value={s.termsDue} suffix="个" /></Col>
              <Col xs={12} md={6} xl={3}><Statistic title="已到期未换届" value={s.termsOverdue} suffix="个" /></Col>
              <Col xs={12} md={6} xl={3}><Statistic title="党员" value={s.members} suffix="人" /></Col>
            </Row>
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12} xl={8}>
              <Card size="small" title="支部规模">
                <EChart
                  label="党支部按党员人数统计"
                  option={barOption(SIZE_BANDS.map(([k, t]) => ({ key: k, label: t, count: s[k] })))}
                  height={220}
                />
              </Card>
            </Col>
            {s.members === 0 ? (
              <Col xs={24} lg={12} xl={16}>
                <Card size="small" title="党员结构">
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选范围内没有正式党员或预备党员" />
                </Card>
              </Col>
            ) : (
              a.dimensions.map((d) => {
                const cells = d.items.map((i) => ({ key: i.value, label: i.label, count: i.count }))
                return (
                  <Col key={d.key} xs={24} lg={12} xl={8}>
                    <Card size="small" title={`按${d.title}`}>
                      <EChart label={`党员按${d.title}统计`} option={RINGS.has(d.key) ? pieOption(cells) : barOption(cells)} height={220} />
                    </Card>
                  </Col>
                )
              })
            )}
            <Col xs={24} lg={12} xl={8}>
              <Card size="small" title={`近${a.joined.length}年入党人数`}>
                <EChart
                  label="近年入党人数"
                  option={barOption(a.joined.map((j) => ({ key: String(j.year), label: `${j.year}年`, count: j.count })))}
                  height={220}
                />
              </Card>
            </Col>
          </Row>
          <Card size="small" title="各二级党委统计表">
            <Table<CommitteeRow>
              rowKey="committeeId"
              size="small"
              bordered
              scroll={{ x: 1300 }}
              columns={columns}
              dataSource={a.rows}
              pagination={false}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  {(['branches', 'under3', 'from3To6', 'from7To50', 'over50', 'withCommittee', 'committeeMissing', 'termsDue', 'termsOverdue', 'members', 'full', 'probationary'] as const).map(
                    (k, i) => (
                      <Table.Summary.Cell key={k} index={i + 1} align="right">
                        {a.total[k]}
                      </Table.Summary.Cell>
                    ),
                  )}
                </Table.Summary.Row>
              )}
            />
          </Card>
        </>
      )}
    </Space>
  )
}
