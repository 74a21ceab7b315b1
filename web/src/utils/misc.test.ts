import { describe, expect, it } from 'vitest'
import { DEFAULT_IMAGE, imageUrl, isMobileDevice, randomString } from './misc'
import { filenameFromDisposition } from './download'
import { brandTitle, pageTitle, siteTitle } from './title'

describe('misc helpers', () => {
  it('random string defaults to 10 characters and varies', () => {
    expect(randomString()).toHaveLength(10)
    expect(randomString(32)).toHaveLength(32)
    expect(new Set(Array.from({ length: 20 }, () => randomString())).size).toBeGreaterThan(15)
  })

  it.each([
    ['Mozilla/5.0 (Linux; Android 13)', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', true],
    ['Mozilla/5.0 (iPad; CPU OS 17_0)', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', false],
    ['Mozilla/5.0 (X11; Linux x86_64)', false],
  ])('mobile device %s → %s', (ua, ok) => expect(isMobileDevice(ua)).toBe(ok))

  it('image url has a cache-buster and a default', () => {
    const a = imageUrl(12)
    expect(a).toMatch(/^\/api\/file\/view\?id=12&_r=\w{6}$/)
    expect(imageUrl(12)).not.toBe(a)
    expect(imageUrl(null)).toBe(DEFAULT_IMAGE)
    expect(imageUrl('')).toBe(DEFAULT_IMAGE)
  })

  it('file name from content-disposition', () => {
    expect(filenameFromDisposition("attachment; filename=\"users.xlsx\"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx")).toBe('用户.xlsx')
    expect(filenameFromDisposition('attachment; filename="report.pdf"')).toBe('report.pdf')
    expect(filenameFromDisposition('attachment; filename=%E5%90%8D.txt')).toBe('名.txt')
    expect(filenameFromDisposition(undefined, 'x.bin')).toBe('x.bin')
  })

  it('page title = route title + html title', () => {
    expect(pageTitle('用户管理', '某大学智慧党建')).toBe('用户管理 - 某大学智慧党建')
    expect(pageTitle(undefined, '某大学智慧党建')).toBe('某大学智慧党建')
    expect(pageTitle('首页', undefined)).toBe('首页 - 智慧党建')
  })

  it('brand title never doubles 智慧党建', () => {
    expect(brandTitle({ name: '智慧党建', titlePrefix: '' })).toBe('智慧党建')
    expect(brandTitle({ name: '某某大学', titlePrefix: '' })).toBe('某某大学智慧党建')
    expect(brandTitle({ name: '某某大学', titlePrefix: '某大' })).toBe('某大智慧党建')
    expect(brandTitle(null)).toBe('智慧党建')
  })

  it('site title: the htmlTitle setting when set, else the school', () => {
    expect(siteTitle('', { name: '东湖大学', titlePrefix: '' })).toBe('东湖大学智慧党建')
    expect(siteTitle('  ', { name: '东湖大学', titlePrefix: '' })).toBe('东湖大学智慧党建')
    expect(siteTitle(undefined, null)).toBe('智慧党建')
    expect(siteTitle('党建门户', { name: '东湖大学', titlePrefix: '' })).toBe('党建门户')
  })
})
