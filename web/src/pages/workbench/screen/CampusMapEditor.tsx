import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Space, Spin } from 'antd'
import type { CampusMapForm, CampusPlan } from '@/api/generated/bigscreen'
import { get, put } from '@/api/request'
import FormDrawer from '@/components/FormDrawer'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'

export const CAMPUS_MAP_API = '/api/bigscreen/campus-map'

interface Values {
  campuses: CampusPlan[]
}

const grid = { min: 0, max: 100, step: 1, style: { width: '100%' } }

/** A coordinate of the 0–100 grid, required. */
function Coord({ name, label }: { name: (string | number)[]; label: string }) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: `请输入${label}` }]}>
      <InputNumber {...grid} />
    </Form.Item>
  )
}

/** The schematic as it is being edited: campuses and buildings on the 0–100 grid. */
export function CampusPreview({ campuses }: { campuses: CampusPlan[] | undefined }) {
  const list = (campuses ?? []).filter(Boolean)
  if (list.length === 0) return <Empty description="尚无校区：点击“添加校区”开始绘制" />
  return (
    <svg viewBox="0 0 100 100" role="img" aria-label="示意图预览" style={{ width: '100%', maxWidth: 360, background: '#0b1833', borderRadius: 4 }}>
      {list.map((c, i) => (
        <g key={i}>
          <rect x={c.x ?? 0} y={c.y ?? 0} width={Math.max(0, c.w ?? 0)} height={Math.max(0, c.h ?? 0)} rx={1.5} fill="#14305e" stroke="#3a6ab0" strokeWidth={0.4} />
          <text x={(c.x ?? 0) + 1.5} y={(c.y ?? 0) + 4} fontSize={3} fill="#cfe3ff">
            {c.name}
          </text>
          {(c.buildings ?? []).filter(Boolean).map((b, j) => (
            <g key={j}>
              <circle cx={b.x ?? 0} cy={b.y ?? 0} r={1.4} fill="#ffb300" />
              <text x={(b.x ?? 0) + 2} y={(b.y ?? 0) + 1} fontSize={2.4} fill="#cfe3ff">
                {b.name}
              </text>
            </g>
          ))}
        </g>
      ))}
    </svg>
  )
}

/**
 * 编辑示意图: the campuses of the 综合地图 as rectangles on a 0–100 grid, each with its buildings (a point inside
 * the campus) and the organisations housed there. The server checks the map (the same rules as the settings
 * page) and names what is wrong; the screen draws it from its next opening.
 */
export default function CampusMapEditor({ onClose }: { onClose: () => void }) {
  const client = useQueryClient()
  const q = useQuery({ queryKey: ['bigscreen', 'campus-map'], queryFn: () => get<CampusMapForm>(CAMPUS_MAP_API), gcTime: 0 })
  const [form] = Form.useForm<Values>()
  const campuses = Form.useWatch('campuses', form)
  if (q.isLoading) return <Spin />
  return (
    <FormDrawer<Values>
      title="编辑校区示意图"
      width={960}
      form={form}
      initialValues={{ campuses: q.data?.campuses ?? [] }}
      onSubmit={(v) => put(CAMPUS_MAP_API, { campuses: v.campuses ?? [] })}
      onDone={() => void client.invalidateQueries({ queryKey: ['bigscreen'] })}
      successText="示意图已保存，驾驶舱下次打开时生效"
      onClose={onClose}
    >
      {q.data?.problem && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`当前配置无法读取，已从空白开始：${q.data.problem}`} />}
      <Row gutter={16}>
        <Col span={15}>
          <Form.List name="campuses">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((f) => (
                  <Card
                    key={f.key}
                    size="small"
                    title={campuses?.[f.name]?.name || `校区 ${f.name + 1}`}
                    extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label="删除校区" onClick={() => remove(f.name)} />}
                  >
                    <Row gutter={8}>
                      <Col span={8}>
                        <Form.Item name={[f.name, 'name']} label="校区名称" rules={[{ required: true, whitespace: true, message: '请输入校区名称' }, { max: 20, message: '校区名称不能超过20个字' }]}>
                          <Input />
                        </Form.Item>
                      </Col>
                      <Col span={4}><Coord name={[f.name, 'x']} label="左" /></Col>
                      <Col span={4}><Coord name={[f.name, 'y']} label="上" /></Col>
                      <Col span={4}><Coord name={[f.name, 'w']} label="宽" /></Col>
                      <Col span={4}><Coord name={[f.name, 'h']} label="高" /></Col>
                    </Row>
                    <Form.List name={[f.name, 'buildings']}>
                      {(bs, b) => (
                        <>
                          {bs.map((bf) => (
                            <Row gutter={8} key={bf.key} align="bottom">
                              <Col span={6}>
                                <Form.Item name={[bf.name, 'name']} label="楼宇" rules={[{ required: true, whitespace: true, message: '请输入楼宇名称' }, { max: 20, message: '楼宇名称不能超过20个字' }]}>
                                  <Input />
                                </Form.Item>
                              </Col>
                              <Col span={3}><Coord name={[bf.name, 'x']} label="横" /></Col>
                              <Col span={3}><Coord name={[bf.name, 'y']} label="纵" /></Col>
                              <Col span={10}>
                                <Form.Item name={[bf.name, 'orgIds']} label="所在党组织">
                                  <OrgTreeSelect checkable placeholder="选择党组织" />
                                </Form.Item>
                              </Col>
                              <Col span={2}>
                                <Form.Item>
                                  <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除楼宇" onClick={() => b.remove(bf.name)} />
                                </Form.Item>
                              </Col>
                            </Row>
                          ))}
                          <Button
                            type="dashed"
                            icon={<PlusOutlined />}
                            onClick={() => {
                              const c = campuses?.[f.name]
                              b.add({ name: '', x: Math.round((c?.x ?? 0) + (c?.w ?? 0) / 2), y: Math.round((c?.y ?? 0) + (c?.h ?? 0) / 2), orgIds: [] })
                            }}
                          >
                            添加楼宇
                          </Button>
                        </>
                      )}
                    </Form.List>
                  </Card>
                ))}
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', x: 5, y: 5, w: 40, h: 40, buildings: [] })}>
                  添加校区
                </Button>
              </Space>
            )}
          </Form.List>
        </Col>
        <Col span={9}>
          <div style={{ position: 'sticky', top: 0 }}>
            <CampusPreview campuses={campuses} />
            <p style={{ color: '#888', marginTop: 8 }}>坐标为 0–100 的示意坐标（左上角为 0,0）；楼宇须位于所属校区内。清空全部校区并保存即取消示意图。</p>
          </div>
        </Col>
      </Row>
    </FormDrawer>
  )
}
