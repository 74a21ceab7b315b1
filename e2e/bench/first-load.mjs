// The first full page load as a user meets it (docs/performance.md, "首屏加载 / first full page load").
// Not a test: it prints figures, it asserts nothing. Signs the admin in through the login page, then loads
// pages with a full reload, once with an empty browser cache (cold) and once with the cache the first load
// filled (warm), and reports per load: requests and bytes on the wire (compressed, as transferred), the API
// calls in the order they started, the time to the first contentful paint and to the page's first real
// content (its data, not a spinner or skeleton).
//
//   make bench-web                      (builds, starts a demo university of 5,000 members, measures)
//   node bench/first-load.mjs --base http://127.0.0.1:8080 --password '…'   (an already running server)
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { openBrowser } from '../lib/browser.mjs'
import { ADMIN_PASSWORD, startServer } from '../lib/server.mjs'

const { values: opts } = parseArgs({
  options: {
    base: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: ADMIN_PASSWORD },
    members: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
  },
})

/** Pages measured, each with what its first real content is. */
const PAGES = [
  { name: '首页', path: '/web/', ready: '.ant-statistic-content-value, .ant-empty' },
  { name: '党员信息', path: '/web/party/dyjbxx', ready: '.ant-table-row' },
]

async function signIn(page, base) {
  await page.goto(`${base}/web/login`)
  await page.getByPlaceholder('账号').fill(opts.user)
  await page.getByPlaceholder('密码').fill(opts.password)
  await page.getByRole('button', { name: /登\s*录/ }).click()
  await page.waitForURL((u) => !u.pathname.endsWith('/login'))
}

/** One full load of path: what crossed the wire and when the content arrived. */
async function measure(page, cdp, base, target) {
  const requests = new Map()
  const onSent = (e) => requests.set(e.requestId, { url: e.request.url, start: e.timestamp, bytes: 0, cached: false })
  const onCache = (e) => {
    const r = requests.get(e.requestId)
    if (r) r.cached = true
  }
  const onResponse = (e) => {
    const r = requests.get(e.requestId)
    if (r && (e.response.fromDiskCache || e.response.fromMemoryCache)) r.cached = true
  }
  const onDone = (e) => {
    const r = requests.get(e.requestId)
    if (r) Object.assign(r, { bytes: e.encodedDataLength, end: e.timestamp })
  }
  cdp.on('Network.requestWillBeSent', onSent)
  cdp.on('Network.requestServedFromCache', onCache)
  cdp.on('Network.responseReceived', onResponse)
  cdp.on('Network.loadingFinished', onDone)
  const t0 = Date.now()
  await page.goto(base + target.path, { waitUntil: 'commit' })
  await page.locator(target.ready).first().waitFor()
  const content = Date.now() - t0
  await page.waitForLoadState('networkidle')
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null)
  cdp.off('Network.requestWillBeSent', onSent)
  cdp.off('Network.requestServedFromCache', onCache)
  cdp.off('Network.responseReceived', onResponse)
  cdp.off('Network.loadingFinished', onDone)
  const all = [...requests.values()]
  const first = Math.min(...all.map((r) => r.start))
  const api = all
    .filter((r) => /\/(api|auth)\//.test(new URL(r.url).pathname))
    .sort((a, b) => a.start - b.start)
    .map((r) => `${new URL(r.url).pathname} @${Math.round((r.start - first) * 1000)}–${Math.round(((r.end ?? r.start) - first) * 1000)} ms`)
  return {
    requests: all.length,
    fromCache: all.filter((r) => r.cached).length,
    kb: all.reduce((n, r) => n + r.bytes, 0) / 1024,
    scripts: all.filter((r) => r.url.endsWith('.js')).length,
    fcp,
    content,
    api,
    biggest: all
      .filter((r) => r.url.endsWith('.js'))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map((r) => `${new URL(r.url).pathname.split('/').pop()} ${(r.bytes / 1024).toFixed(0)} KB`),
  }
}

const server = opts.base ? null : await startServer({ demoMembers: Number(opts.members) })
const base = opts.base ?? server.base
const browser = await openBrowser()
try {
  const page = await browser.context.newPage()
  const cdp = await browser.context.newCDPSession(page)
  await cdp.send('Network.enable')
  await signIn(page, base)
  console.log(`first full page load, ${base}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  for (const target of PAGES) {
    for (let run = 1; run <= Number(opts.runs); run++) {
      for (const cache of ['cold', 'warm']) {
        if (cache === 'cold') await cdp.send('Network.clearBrowserCache')
        const m = await measure(page, cdp, base, target)
        console.log(
          `${target.name} ${cache} #${run}: ${m.requests} requests (${m.scripts} scripts, ${m.fromCache} from cache), ` +
            `${m.kb.toFixed(0)} KB on the wire, first paint ${m.fcp?.toFixed(0) ?? '?'} ms, content ${m.content} ms`,
        )
        if (run === 1) console.log(`  API: ${m.api.join(', ')}`)
        if (run === 1 && cache === 'cold') console.log(`  largest scripts: ${m.biggest.join(', ')}`)
      }
    }
  }
} finally {
  await browser.close()
  await server?.stop()
}
