import { describe, expect, it } from 'vitest'
import { apiDocOptions, OPENAPI_URL } from './options'

describe('接口文档 options', () => {
  it('reads the server document and lets only reads be tried', () => {
    const o = apiDocOptions()
    expect(o.url).toBe(OPENAPI_URL)
    expect(o.supportedSubmitMethods).toEqual(['get'])
  })

  it('marks tried requests as the app does (the CSRF header)', () => {
    const req = apiDocOptions().requestInterceptor({ headers: {} })
    expect(req.headers['X-Requested-With']).toBe('XMLHttpRequest')
  })
})
