import { Descriptions, Empty, Table, Typography } from 'antd'
import type { ReactNode } from 'react'
import { GRADE_NAMES, SUMMARY_STATE_NAMES } from '@/api/generated/appraisal'
import { stepNo } from '@/pages/list-home/myDevelopment/service'
import { yuan } from '@/pages/dfgl/batch/api'
import { formatTime } from '@/utils/time'
import { EMPTY, sectionIsEmpty, type Section } from './emptyTexts'
import type { ArchiveRecord } from './service'

const text = (v: string | null | undefined) => v || '未填写'

/** One section of the record: its title and its content, or why it has none. */
function Part({ title, section, r, children }: { title: string; section: Section; r: ArchiveRecord; children: () => ReactNode }) {
  return (
    <section className="archive-section" data-testid={`archive-${section}`}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {sectionIsEmpty(r, section) ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY[section]} /> : children()}
    </section>
  )
}

/** 基本信息: the member record as the server answers it (ID number and phone masked). */
function Basic({ r }: { r: ArchiveRecord }) {
  const m = r.member!
  return (
    <section className="archive-section" data-testid="archive-basic">
      <Typography.Title level={5}>基本信息</Typography.Title>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'name', label: '姓名', children: m.name },
          { key: 'gender', label: '性别', children: text(m.genderLabel) },
          { key: 'no', label: '学号/工号', children: text(m.staffOrStudentNo) },
          { key: 'idNumber', label: '身份证号码', children: text(m.idNumber) },
          { key: 'phone', label: '手机号码', children: text(m.phone) },
          { key: 'birth', label: '出生日期', children: text(m.birthDate) },
          { key: 'category', label: '人员类别', children: text(m.personCategoryLabel) },
          { key: 'party', label: '党籍状态', children: text(m.partyStatusLabel) },
          { key: 'applied', label: '申请入党日期', children: text(m.appliedOn) },
          { key: 'joined', label: '入党日期', children: text(m.joinedOn) },
          { key: 'full', label: '转正日期', children: text(m.fullOn) },
          { key: 'org', label: '所在党组织', children: m.orgName },
        ]}
      />
    </section>
  )
}

/** The record's sections in the order of a party member's file. */
export default function RecordSections({ r }: { r: ArchiveRecord }) {
  return (
    <>
      <Basic r={r} />
      <Part title="发展历程" section="development" r={r}>
        {() => {
          const d = r.development!
          return (
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={d.done}
              columns={[
                { title: '步骤', key: 'step', render: (_, s) => `${stepNo(s.no)} ${s.name}` },
                { title: '日期', dataIndex: 'on', width: 140 },
              ]}
              footer={() => `当前阶段：${d.stageLabel}${d.fullStatus ? `；${d.fullStatus}` : ''}`}
            />
          )
        }}
      </Part>
      <Part title="组织关系转接" section="transfers" r={r}>
        {() => (
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={r.transfers!.transfers}
            columns={[
              { title: '类型', dataIndex: 'kindLabel', width: 140 },
              { title: '转出', dataIndex: 'orgName' },
              { title: '转入', key: 'to', render: (_, t) => t.toOrgName || t.otherOrg || '—' },
              { title: '状态', dataIndex: 'stateLabel', width: 100 },
              { title: '申请日期', dataIndex: 'createTime', width: 120, render: (v: string) => v?.slice(0, 10) },
            ]}
          />
        )}
      </Part>
      <Part title="党费" section="fees" r={r}>
        {() => {
          const f = r.fees!
          return (
            <>
              <Typography.Paragraph>
                已缴至：{f.paidUpTo || '尚未缴纳'}
                {f.backMonths > 0 && `；欠缴 ${f.backMonths} 个月`}
              </Typography.Paragraph>
              <Table
                size="small"
                pagination={false}
                rowKey="id"
                dataSource={f.payments}
                locale={{ emptyText: '暂无缴费记录' }}
                columns={[
                  { title: '缴费时间', key: 'at', width: 170, render: (_, p) => formatTime(p.paidAt ?? p.createdAt) },
                  { title: '金额（元）', dataIndex: 'amountFen', width: 120, align: 'right', render: yuan },
                  { title: '方式', dataIndex: 'providerLabel', width: 120 },
                  { title: '状态', dataIndex: 'stateLabel', width: 100 },
                ]}
              />
            </>
          )
        }}
      </Part>
      <Part title="组织生活" section="meetings" r={r}>
        {() => (
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={r.meetings}
            columns={[
              { title: '日期', dataIndex: 'day', width: 120 },
              { title: '会议类型', dataIndex: 'kind', width: 130 },
              { title: '会议主题', dataIndex: 'title' },
              { title: '党组织', dataIndex: 'orgName' },
            ]}
          />
        )}
      </Part>
      <Part title="民主评议" section="appraisal" r={r}>
        {() => (
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={r.appraisal!.rounds}
            columns={[
              { title: '年度', dataIndex: 'year', width: 90 },
              { title: '党组织', dataIndex: 'orgName' },
              { title: '个人总结', dataIndex: 'summaryState', width: 110, render: (v: keyof typeof SUMMARY_STATE_NAMES) => SUMMARY_STATE_NAMES[v] },
              { title: '评议等次', dataIndex: 'grade', width: 110, render: (g: keyof typeof GRADE_NAMES | '') => (g ? GRADE_NAMES[g] : '未评定') },
            ]}
          />
        )}
      </Part>
      <Part title="学习学时" section="hours" r={r}>
        {() => {
          const h = r.hours!
          return (
            <>
              <Typography.Paragraph>
                {h.year} 年：合计 {h.total} 学时（线上 {h.online}，线下 {h.offline}），目标 {h.target} 学时，{h.met ? '已达标' : '未达标'}
              </Typography.Paragraph>
              {h.records.length > 0 && (
                <Table
                  size="small"
                  pagination={false}
                  rowKey="id"
                  dataSource={h.records}
                  columns={[
                    { title: '日期', dataIndex: 'studiedOn', width: 120 },
                    { title: '学习内容', dataIndex: 'title' },
                    { title: '形式', dataIndex: 'formName', width: 110 },
                    { title: '学时', dataIndex: 'hours', width: 80 },
                    { title: '状态', dataIndex: 'stateName', width: 90 },
                  ]}
                />
              )}
            </>
          )
        }}
      </Part>
      <Part title="积分" section="points" r={r}>
        {() => {
          const p = r.points!
          return (
            <>
              <Typography.Paragraph>
                {p.year} 年累计 {p.total} 分
              </Typography.Paragraph>
              <Table
                size="small"
                pagination={false}
                rowKey="id"
                dataSource={p.entries}
                columns={[
                  { title: '时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatTime(v) },
                  { title: '类别', dataIndex: 'kindName', width: 110 },
                  { title: '事项', dataIndex: 'text' },
                  { title: '分值', dataIndex: 'points', width: 80 },
                ]}
              />
            </>
          )
        }}
      </Part>
      <Part title="荣誉表彰" section="honours" r={r}>
        {() => (
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={r.honours}
            columns={[
              { title: '日期', dataIndex: 'earnedOn', width: 120 },
              { title: '表彰', dataIndex: 'reason' },
              { title: '申报党组织', dataIndex: 'orgName' },
            ]}
          />
        )}
      </Part>
    </>
  )
}
