import { useQuery } from '@tanstack/react-query'
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch, TreeSelect } from 'antd'
import { useMemo } from 'react'
import MenuIcon from '@/components/MenuIcon'
import FormDialog from '@/components/FormDialog'
import { MENU_BUTTON, MENU_DIR, MENU_PAGE, type Menu } from '../../shared/menu'
import { subtreeIds, toTreeOptions } from '@/utils/tree'
import { menuWorkbenches } from '../../shared/menu'
import { createMenu, menuTree, updateMenu } from '../service'
import type { MenuBody } from '../types'

interface Props {
  /** The entry being edited; null = new. */
  menu: Menu | null
  /** Parent of a new entry (新增下级). */
  parent?: Menu | null
  onClose: () => void
  onDone: () => void
}

// The server's checks (internal/system/menu.go), repeated so mistakes show at the field.
const PATH = /^\/?[A-Za-z0-9_\-/:.]{0,200}$/
const COMPONENT = /^[A-Za-z0-9_\-/]{0,200}$/
const PERMISSION = /^[A-Za-z][A-Za-z0-9_:-]{0,99}$/
const EXTPATH = /^(https?:\/\/[^\s<>"']+|\/[^\s<>"']*)$/

const TYPE_OPTIONS = [
  { label: '目录', value: MENU_DIR },
  { label: '菜单', value: MENU_PAGE },
  { label: '按钮', value: MENU_BUTTON },
]

export default function MenuForm({ menu, parent = null, onClose, onDone }: Props) {
  const [form] = Form.useForm<MenuBody>()
  const initial: Partial<MenuBody> = menu
    ? { ...menu }
    : {
        // Below a page come its buttons; below a directory, pages.
        type: parent ? (parent.type === MENU_PAGE ? MENU_BUTTON : MENU_PAGE) : MENU_DIR,
        pid: parent?.id ?? null,
        sort: 999,
        hidden: false,
        noCache: false,
      }
  const type = Form.useWatch('type', form) ?? initial.type
  const extpath = Form.useWatch('extpath', form)
  const icon = Form.useWatch('icon', form)
  const pid = Form.useWatch('pid', form) ?? initial.pid ?? null
  // A first-level directory belongs to a mode (workbench) of the top bar.
  const topLevel = type === MENU_DIR && pid == null
  const { data: tree = [] } = useQuery({ queryKey: ['menus', 'tree'], queryFn: menuTree })
  const { data: workbenches = [] } = useQuery({ queryKey: ['menus', 'workbenches'], queryFn: menuWorkbenches, enabled: topLevel })

  // Parents: directories and pages, never the entry itself or anything below it.
  const parents = useMemo(() => {
    const own = menu ? new Set(subtreeIds(menu)) : undefined
    return toTreeOptions(tree, (m) => m.title, { disabledIds: own, include: (m) => m.type !== MENU_BUTTON })
  }, [tree, menu])

  const submit = (v: MenuBody) => {
    const t = v.type
    const body: MenuBody = {
      pid: v.pid ?? null,
      type: t,
      title: v.title.trim(),
      name: t === MENU_PAGE ? (v.name ?? '').trim() : '',
      component: t === MENU_PAGE ? (v.component ?? '').trim() : '',
      path: t === MENU_BUTTON ? '' : (v.path ?? '').trim(),
      icon: t === MENU_BUTTON ? '' : (v.icon ?? '').trim(),
      sort: v.sort ?? 999,
      hidden: t === MENU_BUTTON ? false : !!v.hidden,
      noCache: t === MENU_PAGE ? !!v.noCache : false,
      extpath: t === MENU_PAGE ? (v.extpath ?? '').trim() : '',
      permission: (v.permission ?? '').trim(),
      workbench: t === MENU_DIR && v.pid == null ? (v.workbench ?? '') : '',
    }
    return menu ? updateMenu({ ...body, id: menu.id }) : createMenu(body)
  }

  const pattern = (re: RegExp, message: string) => ({ pattern: re, message })

  return (
    <FormDialog<MenuBody> form={form} title={menu ? '编辑菜单' : '新增菜单'} initialValues={initial} onSubmit={submit} onClose={onClose} onDone={onDone} width={760} labelSpan={4}>
      <Form.Item label="类型" name="type">
        <Radio.Group options={TYPE_OPTIONS} optionType="button" />
      </Form.Item>
      <Form.Item
        label="上级菜单"
        name="pid"
        extra={type === MENU_DIR ? '不选即为顶级目录' : undefined}
        rules={[{ required: type !== MENU_DIR, message: type === MENU_BUTTON ? '请选择按钮所属的菜单' : '请选择上级目录（顶级只能是目录）' }]}
      >
        <TreeSelect treeData={parents} allowClear placeholder="顶级目录" treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} />
      </Form.Item>
      {topLevel && (
        <Form.Item
          label="所属工作台"
          name="workbench"
          extra="顶部栏按工作台（模式）显示一级菜单"
          rules={[{ required: true, message: '请选择一级菜单所属的工作台' }]}
        >
          <Select options={workbenches} placeholder="请选择" />
        </Form.Item>
      )}
      <Form.Item
        label={type === MENU_BUTTON ? '按钮名称' : '菜单标题'}
        name="title"
        rules={[
          { required: true, whitespace: true, message: '请输入名称' },
          { max: 50, message: '名称不能超过50个字' },
          { pattern: /^[^<>]*$/, message: '名称不能包含 < >' },
        ]}
      >
        <Input placeholder="请输入名称" maxLength={50} />
      </Form.Item>
      {type !== MENU_BUTTON && (
        <Row>
          <Col span={12}>
            <Form.Item
              label="路由地址"
              name="path"
              labelCol={{ span: 8 }}
              wrapperCol={{ span: 15 }}
              rules={[{ required: true, whitespace: true, message: '请输入路由地址' }, pattern(PATH, '路由地址只能包含字母、数字和 / _ - : .')]}
            >
              <Input placeholder={type === MENU_DIR ? '如 /system' : '如 user'} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="图标" name="icon" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }}>
              <Input placeholder="如 user、setting" addonAfter={<MenuIcon name={icon} />} maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
      )}
      {type === MENU_PAGE && (
        <>
          <Form.Item
            label="组件路径"
            name="component"
            extra="对应 src/pages 下的页面目录，如 system/user"
            rules={[
              { required: !extpath, whitespace: true, message: '请输入组件路径，如 system/user' },
              pattern(COMPONENT, '组件路径只能包含字母、数字、斜线、下划线和连字符'),
            ]}
          >
            <Input placeholder="如 system/user" />
          </Form.Item>
          <Form.Item label="外部地址" name="extpath" extra="填写后点击菜单打开该地址（http(s):// 或站内 / 路径）" rules={[pattern(EXTPATH, '外部地址须以 http://、https:// 或 / 开头')]}>
            <Input placeholder="可不填" />
          </Form.Item>
          <Form.Item label="路由名称" name="name" rules={[{ max: 100, message: '路由名称不能超过100个字符' }]}>
            <Input placeholder="可不填，如 User" />
          </Form.Item>
        </>
      )}
      {type !== MENU_DIR && (
        <Form.Item
          label="权限标识"
          name="permission"
          rules={[
            { required: type === MENU_BUTTON, whitespace: true, message: '按钮须填写权限标识，如 user:add' },
            pattern(PERMISSION, '权限标识只能包含字母、数字、冒号、下划线和连字符，并以字母开头'),
          ]}
        >
          <Input placeholder="如 user:add" maxLength={100} />
        </Form.Item>
      )}
      <Row>
        <Col span={8}>
          <Form.Item label="排序" name="sort" labelCol={{ span: 12 }} wrapperCol={{ span: 12 }}>
            <InputNumber min={0} max={99999} precision={0} />
          </Form.Item>
        </Col>
        {type !== MENU_BUTTON && (
          <Col span={8}>
            <Form.Item label="隐藏" name="hidden" valuePropName="checked" labelCol={{ span: 12 }} wrapperCol={{ span: 12 }}>
              <Switch />
            </Form.Item>
          </Col>
        )}
        {type === MENU_PAGE && (
          <Col span={8}>
            <Form.Item label="不缓存" name="noCache" valuePropName="checked" labelCol={{ span: 12 }} wrapperCol={{ span: 12 }}>
              <Switch />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormDialog>
  )
}
