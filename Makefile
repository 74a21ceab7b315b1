# 智慧党建 (zhdj). Two commands matter: `make run` and `make test`.
GO        ?= go
PG_TEST   ?= postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable
# The browser tests run Debian's chromium-headless-shell (the same Chromium build without the browser's UI
# layer, package chromium-headless-shell) when it is installed: the same walks took about a quarter less CPU
# than in /usr/bin/chromium. Never a downloaded browser.
CHROMIUM  ?= $(firstword $(wildcard /usr/bin/chromium-headless-shell) /usr/bin/chromium)

# -trimpath: builds do not depend on where the checkout is, so a fresh clone finds its packages already
# compiled and vetted in the Go caches (a clone in a new directory compiled and vetted every package of its own
# again: about 5 of the 16 minutes of `make test`), and bin/zhdj is the same file from any checkout.
export GOFLAGS += -trimpath
# -buildvcs=false: bin/zhdj does not carry the commit it was built from (nothing reads it), so a commit that
# changes no code builds the same file, and the browser tests' demo stores, keyed on the binary's content,
# stay valid (a new binary seeds them again).
export GOFLAGS += -buildvcs=false

.PHONY: run build go-build web gen perms test lint test-lane-web test-go test-go-pg test-web test-e2e bench bench-web deps clean

## run: install what is missing, build everything, start on http://localhost:8080/web/ (SQLite under ./data);
## an empty database first gets the demo university (5,000 members); `zhdj serve` alone never adds demo data;
## the demo pays fees online through 演示支付 (the sandbox, ZHDJ_PAY_SANDBOX=on; never set it in production).
## The first run takes several minutes; serve prints the address and the first start's admin password last, framed.
run: build
	@mkdir -p data
	./bin/zhdj seed --demo --if-empty
	ZHDJ_PAY_SANDBOX=$${ZHDJ_PAY_SANDBOX:-on} ./bin/zhdj serve

## build: the web app and the binary (bin/zhdj embeds web/dist)
build: web go-build

# go.mod lists the modules the code imports as direct requirements and the
# rest as // indirect: run `go mod tidy` after adding or removing an import
# (it reaches the Go module proxy; CI builds with what go.mod and go.sum pin).
go-build:
	$(GO) build -o bin/zhdj ./cmd/zhdj

web: web/dist/.vite/manifest.json

# web/dist is built again only when a file it is built from changed: make test builds it beside the Go lane and
# the browser tests' `build` then finds it current (a phony target built it twice, about a minute).
WEB_INPUTS := $(shell find web/src web/bigscreen web/apidoc web/public web/scripts -type f 2>/dev/null) \
	$(wildcard web/index.html web/package.json web/vite.config.ts web/tsconfig*.json)
# The build's manifest stands for the whole of web/dist (vite writes it last, with everything else new).
web/dist/.vite/manifest.json: web/node_modules/.installed $(WEB_INPUTS)
	cd web && npm run build
	@touch $@

## gen: regenerate what the web reads of the server's vocabulary: web/src/api/permissions.ts (the routes' and
## seeded menus' permissions) and web/src/api/generated/ (steps, stages, states and their names, rule settings
## with their bounds and defaults, the modules' API types from their Go structs). TestWebPermissionsMatchServer and TestWebVocabularyMatchesServer in
## internal/app fail until it is rerun after one of them changes. `make perms` is the same.
gen:
	$(GO) run ./cmd/zhdj gen

perms: gen

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	@touch $@

## test: every test — static analysis, Go on SQLite and PostgreSQL (when reachable), web unit, browser end-to-end.
## First two lanes share the machine's two cores: the Go checks and tests, and the web lint, unit tests and the
## build the browser tests use. Then the browser tests run alone. Each step keeps going after a failure (-k), its
## output printed when it ends; `make test` fails when any failed. The node modules are installed first, once,
## so no two lanes install them at the same time. Run one target alone for a quicker check, e.g. `make test-web`.
# Why the browser tests wait for the Go lane: they are the only tests that wait on the clock (a click or a text
# waits up to 30 s), and sharing two cores with the Go compiler and four test binaries made pages that paint in
# a second take longer than that (stop 52's CI: four walk steps timed out that pass alone in 32 s). Compiling
# and the Go tests gain nothing from the browsers' share of the CPU either: both lanes are CPU-bound.
test: web/node_modules/.installed e2e/node_modules/.installed
	@rc=0; \
	$(MAKE) --no-print-directory -k -j2 --output-sync=recurse test-go test-lane-web || rc=1; \
	$(MAKE) --no-print-directory test-e2e || rc=1; \
	exit $$rc

test-lane-web:
	@$(MAKE) --no-print-directory -k -j1 test-web build

# Static analysis first: gofmt (no file left unformatted), go vet, then staticcheck (pinned by go.mod's tool directive; checks in staticcheck.conf).
# Then every package's tests once on SQLite and, at the same time, on PostgreSQL: .ci/both-dbs is the test
# binaries' -exec, so each binary is built once for both databases and the PostgreSQL run, which mostly waits
# on the server, overlaps the SQLite run, which mostly computes (-parallel 6: more of each package's parallel
# tests wait on PostgreSQL at once). The binaries of one run share their PostgreSQL templates and pool of reset
# test databases (ZHDJ_TEST_SHARE, internal/platform/db/testdb_share.go), dropped here when the run ends, also when
# it is interrupted (Ctrl-C, TERM).
# In CI a missing PostgreSQL is an error; locally it is skipped, loudly.
# -ldflags=-w: the test binaries are linked without DWARF (about a third of each link, 87 binaries; a stack
# trace needs none, a debugger does: build that one binary yourself).
GO_TEST_FLAGS ?= -count=1 -p 2 -parallel 6 -ldflags=-w
test-go:
	@unformatted=$$(gofmt -l cmd internal); if [ -n "$$unformatted" ]; then echo "gofmt -w these files: $$unformatted" >&2; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	@if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then \
		echo "== Go tests on SQLite and PostgreSQL =="; \
		run=$$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n'); \
		drop() { psql -Atc "SELECT format('DROP DATABASE IF EXISTS %I WITH (FORCE);', datname) FROM pg_database \
			WHERE datname ~ '^zhdj_(tmpl|build|free|t)_$${run}_'" '$(PG_TEST)' | psql -q '$(PG_TEST)'; }; \
		trap 'drop; exit 130' INT TERM; \
		ZHDJ_TEST_SHARE=$$run ZHDJ_TEST_PG='$(PG_TEST)' $(GO) test $(GO_TEST_FLAGS) -exec $(CURDIR)/.ci/both-dbs ./...; rc=$$?; \
		trap - INT TERM; drop; exit $$rc; \
	elif [ "$$CI" = "true" ]; then \
		echo "PostgreSQL is not reachable on 127.0.0.1:5432; CI requires it" >&2; exit 1; \
	else \
		echo "!! PostgreSQL 未运行：只在 SQLite 上运行 Go 测试 (PostgreSQL pass SKIPPED: no server on 127.0.0.1:5432)"; \
		$(GO) test $(GO_TEST_FLAGS) ./...; \
	fi

# The Go suite on PostgreSQL alone.
test-go-pg:
	ZHDJ_TEST_DB='$(PG_TEST)' $(GO) test $(GO_TEST_FLAGS) ./...

# ESLint (web/eslint.config.js: React hooks rules, a short list of correctness rules) before the unit tests.
test-web: web/node_modules/.installed
	cd web && npm run lint
	cd web && npm test

## lint: go vet, staticcheck and ESLint alone (make test runs them too)
lint: web/node_modules/.installed
	@unformatted=$$(gofmt -l cmd internal); if [ -n "$$unformatted" ]; then echo "gofmt -w these files: $$unformatted" >&2; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	cd web && npm run lint

# The report (TAP) is also kept in e2e/artifacts/last-run.tap; when a walk fails, its failure blocks are printed
# again at the end, so a log cut to its tail (CI's) still shows why.
test-e2e: build e2e/node_modules/.installed
	@test -x $(CHROMIUM) || { echo "Debian chromium is missing: apt-get install -y chromium-headless-shell (or chromium)" >&2; exit 1; }
	@mkdir -p e2e/artifacts
	cd e2e && { CHROMIUM=$(CHROMIUM) npm test 2>&1; echo $$? > artifacts/last-run.rc; } | tee artifacts/last-run.tap; \
		[ "$$(cat artifacts/last-run.rc)" = 0 ] || { echo "== failed browser tests =="; \
		awk '/^ *not ok /{p=1} p{print} p && /^ *\.\.\.$$/{p=0}' artifacts/last-run.tap; exit 1; }

## bench: the demo university at 20,000 and 200,000 members on SQLite and PostgreSQL (when reachable):
## member list, detail, buildtree, export, import of 20,000 members; plus the platform benchmarks (党内统计 and 综合查询: internal/stats/annual, internal/stats/query). Figures: docs/performance.md
## The online exam's load (internal/pschool/exam BenchmarkExamLoad, through HTTP) lasts ZHDJ_EXAM_LOAD_MINUTES (default 3)
## per database with ZHDJ_EXAM_LOAD_EXAMINEES (default 2000) examinees.
BENCH_FLAGS ?= -run '^$$' -bench . -benchmem -benchtime 2s -timeout 90m
bench:
	@echo "== benchmarks on SQLite =="
	ZHDJ_TEST_DB= $(GO) test $(BENCH_FLAGS) ./internal/benchkit/ ./internal/system/ ./internal/fee/standard/ ./internal/platform/auth/ ./internal/orglife/ ./internal/platform/ballot/ ./internal/survey/ ./internal/pschool/exam/ ./internal/pschool/hours/ ./internal/cadre/ ./internal/cadre/rmb/ ./internal/cadre/assess/ ./internal/stats/query/ ./internal/stats/annual/
	@if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then \
		echo "== benchmarks on PostgreSQL (a fresh database per run, dropped after) =="; \
		ZHDJ_TEST_DB='$(PG_TEST)' $(GO) test $(BENCH_FLAGS) ./internal/benchkit/ ./internal/system/ ./internal/fee/standard/ ./internal/platform/auth/ ./internal/orglife/ ./internal/platform/ballot/ ./internal/survey/ ./internal/pschool/exam/ ./internal/pschool/hours/ ./internal/cadre/ ./internal/cadre/rmb/ ./internal/cadre/assess/ ./internal/stats/query/ ./internal/stats/annual/; \
	else \
		echo "!! PostgreSQL 未运行：跳过 PostgreSQL 基准测试 (PostgreSQL benchmarks SKIPPED: no server on 127.0.0.1:5432)"; \
	fi

## bench-web: the first full page load in Debian's chromium (首页 and 党员信息, cold and warm cache) against a
## demo university of 5,000 members: requests, bytes on the wire, API calls in start order, first paint and
## content times. Prints figures, asserts nothing; targets and results: docs/performance.md (首屏加载)
bench-web: build e2e/node_modules/.installed
	cd e2e && CHROMIUM=/usr/bin/chromium node bench/first-load.mjs

clean:
	rm -rf bin web/dist/assets web/dist/index.html web/dist/.vite e2e/artifacts
