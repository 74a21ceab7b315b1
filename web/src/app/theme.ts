import { theme, type ThemeConfig } from 'antd'
import type { SizeType } from 'antd/es/config-provider/SizeContext'
import type { LayoutSize } from '@/stores/app'

/** Element-style size names → antd component sizes; Mini adds the compact algorithm. */
export function antdSize(size: LayoutSize): SizeType {
  return ({ default: 'large', medium: 'medium', small: 'small', mini: 'small' } as const)[size]
}

/**
 * The theme colour goes in as colorPrimary; antd derives every shade (hover, active, backgrounds)
 * from it, so nothing else needs recolouring. A user whose system asks for reduced motion gets no
 * antd animations (dialogs, drawers and menus appear at once).
 */
export function themeConfig(primary: string, size: LayoutSize, reducedMotion = false): ThemeConfig {
  return {
    token: { colorPrimary: primary, colorLink: primary, borderRadius: 4, motion: !reducedMotion },
    algorithm: size === 'mini' ? [theme.defaultAlgorithm, theme.compactAlgorithm] : theme.defaultAlgorithm,
    components: {
      Layout: { siderBg: '#fff', headerBg: '#fff', bodyBg: '#f0f2f5' },
      Menu: { itemColor: '#000', subMenuItemBg: '#fff' },
    },
  }
}
