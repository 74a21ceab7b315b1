import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { precompress } from './scripts/precompress.ts'

const TESTS = 'src/**/*.test.{ts,tsx}'

/**
 * Test files that need a fresh module graph: vi.mock and vi.doMock replace a module for one file only
 * when that file is the first to load it, vi.resetModules would reload the shared graph under the next
 * file, and configureRequestHandlers changes the request pipeline of every later file.
 */
const src = fileURLToPath(new URL('./src', import.meta.url))
const isolatedTests = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) => /\bvi\.(mock|doMock|resetModules)\(|\bconfigureRequestHandlers\(/.test(readFileSync(`${src}/${f}`, 'utf8')))
  .map((f) => `src/${f}`)

// The Go server embeds web/dist and serves it under /web/ with an index.html fallback.
export default defineConfig({
  base: '/web/',
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/auth': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    // The bundle check (scripts/check-bundle.mjs) reads the manifest to find what /login loads.
    manifest: true,
    // Swagger UI (/doc.html only) is one 1.7 MB module.
    chunkSizeWarningLimit: 1800,
    // Three pages: the app, the big screen (the cockpits) the Go server serves at /bigscreen/index.html, and
    // 接口文档 at /doc.html; all load their scripts from /web/assets.
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        bigscreen: fileURLToPath(new URL('./bigscreen/index.html', import.meta.url)),
        // 接口文档 (Swagger UI), which the Go server answers at /doc.html to those who may read it.
        apidoc: fileURLToPath(new URL('./apidoc/index.html', import.meta.url)),
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // make test runs this suite beside the Go suite on two cores: a test that takes 1–2 s alone can take
    // several times that there (a file may still set its own limit).
    testTimeout: 30_000,
    // Both cores: vitest 4.1 takes one fewer worker than the cores (one here), and make test's Go lane ends
    // well before this one, after which a single worker left a core idle.
    maxWorkers: 2,
    // Two projects (see isolatedTests): most files share their worker's loaded modules, so antd,
    // React and the app load once per worker instead of once per file (about 2 s a file).
    projects: [
      { extends: true, test: { name: 'isolated', include: isolatedTests } },
      {
        extends: true,
        test: { name: 'shared', include: [TESTS], exclude: isolatedTests, isolate: false, setupFiles: ['src/test/shared.ts'] },
      },
    ],
  },
})
