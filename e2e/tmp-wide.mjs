import { openBrowser, PHONE } from './lib/browser.mjs'
import { ADMIN_PASSWORD, startServer } from './lib/server.mjs'
const server = await startServer({ demoMembers: 300 })
const browser = await openBrowser(PHONE)
const page = await browser.context.newPage()
try {
  await page.addInitScript(() => { window.__w = []; const f = () => { window.__w.push(window.innerWidth + ':' + location.pathname); if (window.__w.length < 400) requestAnimationFrame(f) }; requestAnimationFrame(f) })
  await page.goto(`${server.base}/web/`)
  console.log('login iw', await page.evaluate(() => window.innerWidth))
  await page.getByPlaceholder('账号').fill('admin')
  await page.getByPlaceholder('密码').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await page.waitForURL((u) => !u.pathname.endsWith('/login'))
  await page.waitForTimeout(3000)
  console.log([...new Set(await page.evaluate(() => window.__w))].join(' '))
  const r = await page.evaluate(() => {
    const out = []
    for (const el of document.querySelectorAll('body *')) {
      const b = el.getBoundingClientRect()
      if (b.right > 400) out.push([el.tagName, el.className?.toString().slice(0, 60), Math.round(b.right), (el.textContent || '').slice(0, 40)])
    }
    return { iw: window.innerWidth, sw: document.documentElement.scrollWidth, out: out.slice(0, 15) }
  })
  console.log(JSON.stringify(r, null, 1))
} finally { await browser.close(); await server.stop() }
