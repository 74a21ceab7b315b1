import { FontSizeOutlined } from '@ant-design/icons'
import { Dropdown, Tooltip } from 'antd'
import { useLocation, useNavigate } from 'react-router'
import { LAYOUT_SIZES, useAppStore, type LayoutSize } from '@/stores/app'
import { useTagsStore } from '@/stores/tags'
import { ui } from '../../bridge'

/** Changes the layout size: stored in cookie `size`, the view re-entered through /redirect. */
export function useChooseSize(): (size: LayoutSize) => void {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  return (size) => {
    useAppStore.getState().setSize(size)
    // Remount the current page so measured layouts (tables, charts) pick up the new size.
    useTagsStore.getState().delCachedView(pathname)
    navigate(`/redirect${pathname}${search}`, { replace: true })
    ui.message.success('布局设置成功')
  }
}

export default function SizeSelect() {
  const size = useAppStore((s) => s.size)
  const choose = useChooseSize()
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [size],
        items: LAYOUT_SIZES.map((s) => ({ key: s.value, label: s.label, disabled: s.value === size })),
        onClick: ({ key }) => choose(key as LayoutSize),
      }}
    >
      <Tooltip title="布局大小">
        <span className="top-bar-item" role="button" aria-label="布局大小">
          <FontSizeOutlined />
        </span>
      </Tooltip>
    </Dropdown>
  )
}
