import { Col, Row, Typography } from 'antd'
import { useState } from 'react'
import { ResourcePage } from '@/components/crud'
import DetailPane from './components/DetailPane'
import { dicts } from './resources'
import type { Dict } from './types'

/** 字典管理: dictionaries on the left, the chosen one's values on the right. */
export default function DictPage() {
  const [current, setCurrent] = useState<Dict | null>(null)
  // A changed or deleted dictionary closes its values (their header shows the old name).
  const changed = ({ saved, deleted }: { saved?: Dict | null; deleted?: number[] }) => {
    if (current && (saved?.id === current.id || deleted?.includes(current.id))) setCurrent(null)
  }
  return (
    <Row gutter={12}>
      <Col xs={24} xl={10}>
        <ResourcePage<Dict>
          resource={dicts}
          addLabel="新增字典"
          actionWidth={130}
          deleteRow={() => ({ kind: '字典', note: '字典的值会一并删除；系统内置字典不能删除' })}
          mapColumns={(columns) =>
            columns.map((c) =>
              c.key === 'name'
                ? {
                    ...c,
                    render: (v: string, d: Dict) => (
                      <Typography.Link strong={current?.id === d.id} onClick={() => setCurrent(d)}>
                        {v}
                      </Typography.Link>
                    ),
                  }
                : c,
            )
          }
          onChanged={changed}
        />
      </Col>
      <Col xs={24} xl={14}>
        <DetailPane dict={current} />
      </Col>
    </Row>
  )
}
