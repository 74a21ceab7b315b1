import { DownOutlined, SwapOutlined } from '@ant-design/icons'
import { Dropdown } from 'antd'
import { useChooseMode, useModes } from '../useModes'

/**
 * The mode switch (spec §6): which first-level entries the top bar shows. Only for holders of
 * workbench:group with more than one mode; it names the mode shown.
 */
export default function ModeSwitch() {
  const { modes, current, showSwitch } = useModes()
  const choose = useChooseMode(modes)
  if (!showSwitch || !current) return null
  return (
    <Dropdown
      trigger={['click']}
      classNames={{ root: 'mode-switch-menu' }}
      menu={{
        items: modes.map((m) => ({ key: m.key, label: m.title })),
        selectable: true,
        selectedKeys: [current.key],
        onClick: ({ key }) => choose(key),
      }}
    >
      <span className="top-bar-item mode-switch" role="button" aria-label="切换模式" title="切换模式">
        <SwapOutlined /> {current.title} <DownOutlined className="mode-switch-caret" />
      </span>
    </Dropdown>
  )
}
