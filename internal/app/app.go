// Package app is the composition root: configuration → database → services →
// one http.Handler. Nothing else wires dependencies together.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"
	"zhdj/internal/appraisal"
	"zhdj/internal/survey"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/uptrace/bun"

	"zhdj/internal/account"
	"zhdj/internal/aid"
	"zhdj/internal/archive"
	"zhdj/internal/cadre"
	"zhdj/internal/cadre/analysis"
	"zhdj/internal/cadre/assess"
	"zhdj/internal/cadre/quota"
	"zhdj/internal/cadre/rmb"
	"zhdj/internal/cadre/xbry"
	"zhdj/internal/config"
	"zhdj/internal/content"
	"zhdj/internal/datasource"
	"zhdj/internal/develop"
	"zhdj/internal/duty"
	"zhdj/internal/election"
	"zhdj/internal/fee"
	feereport "zhdj/internal/fee/report"
	feestandard "zhdj/internal/fee/standard"
	"zhdj/internal/fillform"
	"zhdj/internal/home"
	"zhdj/internal/imports"
	"zhdj/internal/library"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/orgstd"
	"zhdj/internal/people"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/calendar"
	"zhdj/internal/platform/chain"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/dbstats"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/metrics"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/push"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/search"
	"zhdj/internal/platform/seq"
	"zhdj/internal/platform/servermon"
	"zhdj/internal/platform/tally"
	"zhdj/internal/platform/worklist"
	"zhdj/internal/points"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/exam"
	"zhdj/internal/pschool/hours"
	"zhdj/internal/pschool/question"
	"zhdj/internal/pschool/school"
	"zhdj/internal/secreview"
	"zhdj/internal/signon"
	"zhdj/internal/stats/annual"
	"zhdj/internal/stats/bigscreen"
	"zhdj/internal/stats/check"
	statsquery "zhdj/internal/stats/query"
	"zhdj/internal/stats/snapshot"
	"zhdj/internal/stats/workbench"
	"zhdj/internal/system"
	"zhdj/internal/talk"
	"zhdj/internal/transfer"
	"zhdj/internal/transfer/letter"
	"zhdj/internal/transfer/oversight"
	"zhdj/internal/unit"
	"zhdj/internal/weakorg"
	"zhdj/web"
)

// services are the domain services the modules are described by; one
// field a module, so a new module adds one line here and one in modules.
type services struct {
	sys        *system.Service
	orgs       *org.Service
	members    *member.Service
	units      *unit.Service
	persons    *people.Service
	imp        *imports.Service
	talks      *talk.Service
	homes      *home.Service
	accounts   *account.Service
	develop    *develop.Service
	feeStd     *feestandard.Service
	fee        *fee.Service
	feeRep     *feereport.Service
	transfer   *transfer.Service
	letters    *letter.Service
	ovs        *oversight.Service
	orglife    *orglife.Service
	secRev     *secreview.Service
	duty       *duty.Service
	weakorg    *weakorg.Service
	orgStd     *orgstd.Service
	ballots    *ballot.Service
	fillForm   *fillform.Service
	election   *election.Service
	mzpy       *appraisal.Service
	survey     *survey.Service
	question   *question.Service
	exam       *exam.Service
	course     *course.Service
	pschool    *pschool.Service
	hours      *hours.Service
	cadres     *cadre.Service
	forms      *rmb.Service
	quotas     *quota.Service
	selections *xbry.Service
	assess     *assess.Service
	// dataCheck is 数据校验 (the checks before the party statistics are filed).
	dataCheck *check.Service
	// annual is 党内统计 (the annual tables).
	annual *annual.Service
	// snapshots is 数据快照 (the statistics and rosters frozen at a date).
	snapshots *snapshot.Service
	// query is 综合查询 and 花名册.
	query *statsquery.Service
	// cadreAnalysis is 干部分析, 干部提醒 (the cadre reminders) and the 干部工作台.
	cadreAnalysis *analysis.Service
	// screens is the cockpits (驾驶舱) and their signatures.
	screens *bigscreen.Service
	library *library.Service
	archive *archive.Service
	// djWorkbench is the 党建工作台 and 党组织数据分析 (internal/stats/workbench).
	djWorkbench *workbench.Service
	points      *points.Service
	aid         *aid.Service
	// content is 党务新闻 and 文章管理 (internal/content).
	content *content.Service
	// dbStats is SQLite's nightly planner statistics (platform/dbstats).
	dbStats *dbstats.Service
	// signOn is the central sign-on (CAS).
	signOn *signon.Service
	// dataSources is 数据源配置 (the HR and student systems).
	dataSources *datasource.Service
}

// modules lists every module of the program once, in the order their
// routes register (migrations order themselves by version). Each domain's
// Module method only takes method values of its service, so Migrations can
// describe the modules of services not built yet (nil).
func modules(s services) []module.Module {
	return []module.Module{
		s.sys.Module(),
		{Name: "audit", Migrations: audit.Migrations()},
		{Name: "seq", Migrations: seq.Migrations()},
		{Name: "tally", Migrations: tally.Migrations()},
		{Name: "keyguard", Migrations: crypto.Migrations()},
		s.orgs.Module(),
		s.members.Module(),
		s.units.Module(),
		s.persons.Module(),
		s.imp.Module(),
		s.talks.Module(),
		s.homes.Module(),
		s.accounts.Module(),
		{Name: "flow", Migrations: flow.Migrations()},
		s.ballots.Module(),
		s.develop.Module(),
		s.feeStd.Module(),
		s.fee.Module(),
		s.feeRep.Module(),
		s.transfer.Module(),
		s.letters.Module(),
		s.ovs.Module(),
		s.orglife.Module(),
		s.secRev.Module(),
		s.duty.Module(),
		s.weakorg.Module(),
		s.orgStd.Module(),
		s.fillForm.Module(),
		s.election.Module(),
		s.mzpy.Module(),
		s.survey.Module(),
		school.Module(),
		s.question.Module(),
		s.exam.Module(),
		s.course.Module(),
		s.pschool.Module(),
		s.hours.Module(),
		s.cadres.Module(),
		s.forms.Module(),
		s.quotas.Module(),
		s.selections.Module(),
		s.assess.Module(),
		s.cadreAnalysis.Module(),
		s.dataCheck.Module(),
		s.annual.Module(),
		s.snapshots.Module(),
		s.screens.Module(),
		s.library.Module(),
		s.archive.Module(),
		s.query.Module(),
		s.djWorkbench.Module(),
		s.points.Module(),
		s.aid.Module(),
		s.content.Module(),
		s.dbStats.Module(),
		s.signOn.Module(),
		s.dataSources.Module(),
		apiDocModule(),
	}
}

// scheduling is the platform's scheduling pieces as modules: the jobs the
// modules declare, the working-day calendar and the smart reminders the
// modules offer, each with its tables and its page's routes (their menus
// are the system domain's).
func scheduling(sched *jobs.Scheduler, cal *calendar.Calendar, rem *remind.Engine) []module.Module {
	return []module.Module{{Name: "jobs", Migrations: jobs.Migrations(), Routes: sched.Routes},
		{Name: "calendar", Migrations: calendar.Migrations(), Routes: cal.Routes},
		{Name: "remind", Migrations: remind.Migrations(), Routes: rem.Routes}}
}

// Migrations lists every module's migrations (the order inside comes from versions).
func Migrations() []db.Migration {
	var all []db.Migration
	for _, m := range append(append(modules(services{}), scheduling(nil, nil, nil)...), serverModule(nil)) {
		all = append(all, m.Migrations...)
	}
	return all
}

// Migrate applies the migrations database lacks, with the installation's
// field key and audit key on their context (a migration that encrypts a
// column it moves needs the first: crypto.CipherFrom; the one that chains
// the logs written before, the second: chain.KeyFrom).
func Migrate(ctx context.Context, database *bun.DB, cfg config.Config) (int, error) {
	cipher, err := crypto.LoadOrCreate(cfg.KeyDir())
	if err != nil {
		return 0, fmt.Errorf("field encryption key: %w", err)
	}
	// Before any migration encrypts a value with it: a key other than the
	// database's is refused (a database older than the fingerprint table has
	// none to compare yet; Open records it after migrating).
	if stored, ok, err := crypto.StoredFingerprint(ctx, database); err == nil && ok && stored != cipher.Fingerprint() {
		return 0, fmt.Errorf("%w (%s)", crypto.ErrKeyMismatch, cfg.KeyDir())
	}
	// A migration that encrypts writes with the active data key, as the
	// service would; a database older than sys_field_key has none, and key 0
	// (field.key itself) is then the active key anyway.
	_ = cipher.Refresh(ctx, database)
	auditKey, err := chain.LoadOrCreate(cfg.KeyDir())
	if err != nil {
		return 0, err
	}
	return db.Migrate(chain.WithKey(crypto.WithCipher(ctx, cipher), auditKey), database, Migrations())
}

// guardKey refuses a field key other than the one the database's personal
// fields were encrypted with (and records the key on the first start).
func guardKey(ctx context.Context, database *bun.DB, cfg config.Config) error {
	cipher, err := crypto.LoadOrCreate(cfg.KeyDir())
	if err != nil {
		return fmt.Errorf("field encryption key: %w", err)
	}
	if err := crypto.Guard(ctx, database, cipher); err != nil {
		return fmt.Errorf("%w (%s)", err, cfg.KeyDir())
	}
	return nil
}

// DictUses lists every module's dictionary columns (what a dictionary
// value in use is counted in).
func DictUses() []module.DictUse {
	var all []module.DictUse
	for _, m := range modules(services{}) {
		all = append(all, m.Dicts...)
	}
	return all
}

// App is a wired server.
type App struct {
	Config  config.Config
	DB      *bun.DB
	System  *system.Service
	Orgs    *org.Service
	Members *member.Service
	Units   *unit.Service
	People  *people.Service
	Imports *imports.Service
	Talks   *talk.Service
	Develop *develop.Service
	// FeeStandard computes the monthly party-fee dues (MonthlyDues).
	FeeStandard *feestandard.Service
	Fee         *fee.Service
	// FeeReport is 党费报表 (its demo year seeds through it).
	FeeReport *feereport.Service
	// Transfer is 组织关系转接.
	Transfer *transfer.Service
	// Letters is 介绍信: the transfer domain issues and receives letters through it.
	Letters *letter.Service
	// Oversight watches over the transfers (rules, yearly tables, import, demo).
	Oversight *oversight.Service
	// OrgLife is 组织生活 (meetings, sign-in, compliance; its demo meetings seed through it).
	OrgLife *orglife.Service
	// Points is 党员积分 (its demo points come from the held meetings).
	Points *points.Service
	// Aid is 党员帮扶 (members in difficulty, aid records, visit lists).
	Aid *aid.Service
	// Content is 党务新闻 and 文章管理 (its demo items seed through it).
	Content *content.Service
	// SignOn is the central sign-on (CAS).
	SignOn *signon.Service
	// SecReview is 书记抓党建述职评议 (its demo rounds seed through it).
	SecReview *secreview.Service
	// Duty is 值班工作报告 and 德廉档案 (its demo tasks and records seed through it).
	Duty *duty.Service
	// WeakOrg is 软弱涣散党组织 (screening, decisions, rectification; its demo cases seed through it).
	WeakOrg *weakorg.Service
	// OrgStd is 党组织建设 (standardised construction of branches; its demo round seeds through it).
	OrgStd *orgstd.Service
	// Elections is 换届选举 and 党代表选举.
	Elections *election.Service
	// Selections is 选拔任用纪实 (its demo selections seed through it).
	Selections *xbry.Service
	// Assess is 干部考核 (its demo rounds seed through it).
	Assess *assess.Service
	// Quotas is 职数管理 (its demo positions, quotas and documents seed through it).
	Quotas *quota.Service
	// Appraisal is 民主评议党员.
	Appraisal *appraisal.Service
	// Survey is 问卷管理 (questionnaires) on the ballot engine.
	Survey *survey.Service
	// Questions is the party school's question bank (题库).
	Questions *question.Service
	// Exams is the party school's papers and online exams (在线考试).
	Exams *exam.Service
	// Course is 课程管理 and the study centre of the party school.
	Course *course.Service
	// PSchool is the party schools and their training batches (分党校管理, 培训班).
	PSchool *pschool.Service
	// Hours is the party school's 学时统计 (yearly hours, offline study).
	Hours *hours.Service
	// Cadres is the cadre base (干部信息库; the other cadre packages and the demo go through its Go API).
	Cadres *cadre.Service
	// CadreAnalysis is 干部分析, 干部提醒 and the 干部工作台 (internal/cadre/analysis).
	CadreAnalysis *analysis.Service
	// DataCheck is 数据校验 (internal/stats/check).
	DataCheck *check.Service
	// Annual is 党内统计 (internal/stats/annual).
	Annual *annual.Service
	// Snapshots is 数据快照 (internal/stats/snapshot).
	Snapshots *snapshot.Service
	// Screens is the cockpits (驾驶舱) and the big screen's signatures (internal/stats/bigscreen).
	Screens *bigscreen.Service
	// Library is 制度文件: rules, documents, the manual, previews (internal/library).
	Library *library.Service
	// Archive is 个人档案: the own record, archive files, sharing, 手机上传 (internal/archive).
	Archive *archive.Service
	// Query is 综合查询 and 花名册 (internal/stats/query).
	Query *statsquery.Service
	// DJWorkbench is the 党建工作台 and 党组织数据分析 (internal/stats/workbench).
	DJWorkbench *workbench.Service
	// Ballots is the anonymous ballot engine the votes run on.
	Ballots *ballot.Service
	// FillForm is 填报表单管理/填报信息管理 (fill-in forms; its demo forms seed through it).
	FillForm *fillform.Service
	// Jobs runs the modules' jobs (started by `zhdj serve`); Calendar is the
	// working-day calendar; Reminders evaluates the reminder rules.
	Jobs      *jobs.Scheduler
	Calendar  *calendar.Calendar
	Reminders *remind.Engine
	// Cipher is the keyring of the personal fields (`zhdj serve` keeps it
	// current: Watch); Rekey its re-encryption after a rotation.
	Cipher *crypto.FieldCipher
	Rekey  *crypto.Rekeyer
	Routes []httpx.Route
	// Metrics is what Prometheus scrapes at /api/monitor/metrics: every
	// route's requests, the pool, the runtime, the process, the jobs' runs.
	Metrics *metrics.Metrics
	// Modules are the descriptors the server was wired from.
	Modules []module.Module
	Bus     *event.Bus
	// Push holds this instance's count streams (the server closes it at
	// shutdown, which would otherwise wait for them).
	Push    *push.Hub
	Handler http.Handler
	proxies httpx.Proxies
}

// Open connects to the database, migrates it and wires the services.
func Open(ctx context.Context, cfg config.Config) (*App, error) {
	database, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	if n, err := Migrate(ctx, database, cfg); err != nil {
		database.Close()
		return nil, err
	} else if n > 0 {
		slog.Info("database migrated", "applied", n)
	}
	if err := guardKey(ctx, database, cfg); err != nil {
		database.Close()
		return nil, err
	}
	if err := search.Repair(ctx, database); err != nil {
		database.Close()
		return nil, err
	}
	if s := search.Status(ctx, database); s != "" {
		slog.Warn(s) // every start says it, not only the migration that could not create pg_trgm
	}
	a, err := New(cfg, database)
	if err != nil {
		database.Close()
		return nil, err
	}
	return a, nil
}

// New wires the services on an open, migrated database.
func New(cfg config.Config, database *bun.DB) (*App, error) { return NewWith(cfg, database, nil) }

// NewWith is New with the module list changed by edit before it is wired
// (tests replace a module's subscriptions with a fake); nil changes nothing.
func NewWith(cfg config.Config, database *bun.DB, edit func([]module.Module) []module.Module) (*App, error) {
	proxies, err := httpx.ParseProxies(cfg.TrustedProxies)
	if err != nil {
		return nil, fmt.Errorf("ZHDJ_TRUSTED_PROXIES: %w", err)
	}
	keys, err := auth.LoadOrCreateKeyPair(cfg.KeyDir())
	if err != nil {
		return nil, fmt.Errorf("RSA key pair: %w", err)
	}
	sm2Key, err := auth.LoadOrCreateSM2(cfg.KeyDir())
	if err != nil {
		return nil, fmt.Errorf("SM2 key: %w", err)
	}
	store, err := cfg.OpenFileStore(context.Background())
	if err != nil {
		return nil, fmt.Errorf("file store: %w", err)
	}
	cipher, err := crypto.LoadOrCreate(cfg.KeyDir())
	if err != nil {
		return nil, fmt.Errorf("field encryption key: %w", err)
	}
	// The data keys (sys_field_key) before any service encrypts: values are
	// written with the active one, read with any.
	if err := cipher.Attach(context.Background(), database); err != nil {
		return nil, fmt.Errorf("field data keys: %w", err)
	}
	auditKey, err := chain.LoadOrCreate(cfg.KeyDir())
	if err != nil {
		return nil, err
	}
	// Uploads wait up to 10 s for a parse slot: long enough for a queue
	// behind one large import, short enough to answer before a proxy times out.
	workbooks := excel.NewReader(cfg.ImportParses, 10*time.Second)
	bus := event.NewBus()
	sys := system.New(database, keys, store, system.Options{CaptchaOff: cfg.CaptchaOff, PasswordCost: cfg.PasswordCost,
		Workbooks: workbooks, Bus: bus, DictUses: DictUses(), Cipher: cipher, AuditKey: auditKey, SM2: sm2Key})
	orgs := org.New(database, sys)
	members := member.New(database, sys, orgs, cipher)
	units := unit.New(database, sys, orgs)
	persons := people.New(database, sys, orgs, units, members, cipher)
	imp := imports.New(database, sys, cipher, workbooks)
	talks := talk.New(database, sys, orgs)
	cal := calendar.New(database)
	dev := develop.New(database, sys, orgs, members, persons, cal)
	feeStd := feestandard.New(database, sys, orgs, members, bus)
	feeOpts := fee.OptionsFromEnv()
	if feeOpts.Sandbox {
		slog.Warn("演示支付已启用 (ZHDJ_PAY_SANDBOX=on): online fee payments go to the sandbox, no money moves; never in production")
	}
	fees := fee.New(database, sys, orgs, members, feeStd.MonthlyDues, feeOpts, bus)
	feeRep := feereport.New(database, sys, orgs)
	accounts := account.New(database, sys, orgs, members, feeRep)
	letters := letter.New(database, sys, orgs, members, cipher)
	trf := transfer.New(database, sys, orgs, members, cipher, bus, letters)
	ovs := oversight.New(database, sys, orgs, members, trf, cipher, bus)
	life := orglife.New(database, sys, orgs, members, talks, bus, cipher.Derive("orglife.sign"))
	secRev := secreview.New(database, sys, orgs, members)
	dutySvc := duty.New(database, sys, orgs, members)
	memberPoints := points.New(database, sys, orgs, members)
	memberAid := aid.New(database, sys, orgs, members, feeStd)
	news := content.New(database, sys, orgs)
	homes := home.New(sys, orgs, members, life, memberPoints, news)
	weak := weakorg.New(database, sys, orgs, life)
	orgStd := orgstd.New(database, sys, orgs)
	ballots := ballot.New(database, nil)
	fillForm := fillform.New(database, sys, orgs, members)
	elections := election.New(database, sys, orgs, members, ballots)
	mzpy := appraisal.New(database, sys, orgs, members, life, ballots, trf)
	surveys := survey.New(database, sys, orgs, members, life, ballots)
	questions := question.New(database, sys, orgs, nil)
	exams := exam.New(database, sys, orgs, members, questions, nil)
	courses := course.New(database, sys, orgs, bus)
	// A batch's completion reads its trainees' online hours and exam
	// results from the courses and the exams (schoolEvidence).
	schools := pschool.New(database, sys, orgs, members, dev, schoolEvidence{courses: courses, exams: exams})
	studyHours := hours.New(database, sys, orgs, members, courses, bus)
	cadres := cadre.New(database, sys, units, cipher)
	forms := rmb.New(database, sys, cadres, workbooks)
	cadreAnalysis := analysis.New(database, sys, analysis.Queries{Scope: cadres.Scoped, Subtree: units.SubtreeIDs})
	quotas := quota.New(database, sys, units, cadres)
	selections := xbry.New(database, sys, orgs, units, cadres, quotas, cal)
	assessments := assess.New(database, sys, units, cadres, ballots)
	dataCheck := check.New(database, sys, orgs)
	annualStats := annual.New(database, sys, orgs)
	snapshots := snapshot.New(database, sys, orgs, annualStats)
	screens := bigscreen.New(database, sys, orgs, cadreAnalysis, fees, cipher.Derive("bigscreen.sign"))
	lib := library.New(database, sys, orgs, cipher.Derive("library.preview"))
	archives := archive.New(database, sys, members, cipher.Derive("archive.mobileUpload"), archive.Sources{
		Develop: dev.Mine, Transfers: trf.Mine, Fees: fees.Mine, Appraisal: mzpy.Mine, Hours: studyHours.Mine, Points: memberPoints.SummaryOf,
		Honours: memberPoints.HonoursOf, Meetings: attendedMeetings(life), OrgNames: orgs.Names, Lineage: orgs.Lineage})
	statsQuery := statsquery.New(database, sys, orgs, cadre.ServingStatuses,
		members.QuerySource(), orgs.QuerySource(), dev.QuerySource(), cadres.QuerySource())
	signOn := signon.New(database, sys, cipher.Derive("signon.sms"), accounts)
	djWorkbench := workbench.New(database, sys, workbench.Sources{Orgs: orgs, Members: members, Develop: dev, Transfers: trf,
		Fees: fees, Life: life})
	mods := modules(services{ballots: ballots, sys: sys, orgs: orgs, members: members, units: units, persons: persons, imp: imp,
		talks: talks, homes: homes, accounts: accounts, develop: dev, feeStd: feeStd, fee: fees, feeRep: feeRep, transfer: trf,
		letters: letters, ovs: ovs, orglife: life, secRev: secRev, duty: dutySvc, weakorg: weak, orgStd: orgStd, fillForm: fillForm,
		election: elections, mzpy: mzpy, survey: surveys, question: questions, exam: exams, course: courses, pschool: schools, hours: studyHours,
		cadres: cadres, forms: forms, quotas: quotas, selections: selections, assess: assessments, cadreAnalysis: cadreAnalysis,
		dataCheck: dataCheck, annual: annualStats, snapshots: snapshots, screens: screens, library: lib, archive: archives, query: statsQuery, djWorkbench: djWorkbench, points: memberPoints, aid: memberAid, content: news, dbStats: dbstats.New(database), signOn: signOn,
		dataSources: datasource.New(database, sys, imp, persons, cipher, persons.TeacherImportKind(), persons.StudentImportKind(), persons.ClassImportKind())})
	rem, err := remind.New(database, bus, orgs, append(reminderKinds(mods), cal.YearReminder(sys.PermissionHolders)))
	if err != nil {
		return nil, err
	}
	cadreAnalysis.UseEngine(rem)
	mx := metrics.New(database.DB)
	rekey := crypto.NewRekeyer(database, cipher, EncryptedColumns())
	rekey.Want = sys.FieldScheme // the setting cryptoSuite moves the fields between the options
	mods = append(mods, module.Module{Name: "fieldkeys", Jobs: []jobs.Job{rekeyJob(rekey)}})
	sched, err := jobs.New(database, append(jobList(mods), rem.Job()), jobs.Options{Observer: mx})
	if err != nil {
		return nil, err
	}
	mods = append(mods, scheduling(sched, cal, rem)...)
	monitor := servermon.New(database, cfg.DataDir, schemaVersion(), sched)
	monitor.FieldKeys = rekey.Summary
	mods = append(mods, serverModule(monitor), metricsModule(mx))
	work, err := worklist.New(workLists(mods))
	if err != nil {
		return nil, err
	}
	mods = append(mods, module.Module{Name: "worklist", Routes: work.Routes})
	hub := push.New(push.Options{Every: cfg.Push.Every, Heartbeat: cfg.Push.Heartbeat, Lifetime: cfg.Push.Lifetime})
	mods = append(mods, pushModule(countStream{hub: hub, guard: sys.Guard, work: work, sys: sys, homes: homes}))
	if edit != nil {
		mods = edit(mods)
	}
	rs, err := wire(mods, bus, imp)
	if err != nil {
		return nil, err
	}
	a := &App{Config: cfg, DB: database, System: sys, Orgs: orgs, Members: members, Units: units, People: persons,
		Imports: imp, Talks: talks, Develop: dev, FeeStandard: feeStd, Fee: fees, FeeReport: feeRep, Transfer: trf, Letters: letters,
		Oversight: ovs, OrgLife: life, Points: memberPoints, Aid: memberAid, Content: news, SecReview: secRev, Duty: dutySvc, WeakOrg: weak, OrgStd: orgStd, Elections: elections, Ballots: ballots, Appraisal: mzpy, Survey: surveys, Questions: questions, Exams: exams, Course: courses, PSchool: schools, Hours: studyHours, Cadres: cadres, Quotas: quotas, Selections: selections, Assess: assessments, CadreAnalysis: cadreAnalysis, DataCheck: dataCheck, Annual: annualStats, Snapshots: snapshots, Screens: screens, Library: lib, Archive: archives, Query: statsQuery, SignOn: signOn, DJWorkbench: djWorkbench, FillForm: fillForm, Jobs: sched, Calendar: cal, Reminders: rem, Routes: rs.All(), Metrics: mx, Modules: mods, Bus: bus, Push: hub,
		Cipher: cipher, Rekey: rekey, proxies: proxies}
	a.Handler = a.router()
	return a, nil
}

// attendedMeetings answers 个人档案's 组织生活 section from orglife's own
// read of the meetings a member attended (archive does not import orglife).
func attendedMeetings(life *orglife.Service) func(ctx context.Context, memberID int64) ([]archive.AttendedMeeting, error) {
	return func(ctx context.Context, memberID int64) ([]archive.AttendedMeeting, error) {
		list, err := life.AttendedBy(ctx, memberID)
		if err != nil {
			return nil, err
		}
		out := make([]archive.AttendedMeeting, len(list))
		for i, m := range list {
			out[i] = archive.AttendedMeeting{ID: m.ID, Title: m.Topic, Kind: m.TypeName, Day: m.HeldOn.String(), OrgName: m.OrgName}
		}
		return out, nil
	}
}

// jobList and reminderKinds collect what the modules declare.
func jobList(mods []module.Module) []jobs.Job {
	var out []jobs.Job
	for _, m := range mods {
		out = append(out, m.Jobs...)
	}
	return out
}

// workLists collects the modules' work lists, in the modules' order.
func workLists(mods []module.Module) []worklist.Provider {
	var out []worklist.Provider
	for _, m := range mods {
		out = append(out, m.WorkLists...)
	}
	return out
}

func reminderKinds(mods []module.Module) []remind.Kind {
	var out []remind.Kind
	for _, m := range mods {
		out = append(out, m.Reminders...)
	}
	return out
}

// wire registers the modules' routes, then their import kinds' routes, and
// their subscriptions.
func wire(mods []module.Module, bus *event.Bus, imp *imports.Service) (*httpx.Routes, error) {
	var rs httpx.Routes
	for _, m := range mods {
		if m.Routes != nil {
			m.Routes(&rs)
		}
	}
	for _, m := range mods {
		for _, k := range m.Imports {
			kind, ok := k.(imports.Kind)
			if !ok {
				return nil, fmt.Errorf("module %s: import kind %s is not an imports.Kind", m.Name, k.Name())
			}
			imp.Register(&rs, kind)
		}
		if m.Subscribe != nil {
			m.Subscribe(bus)
		}
	}
	return &rs, nil
}

// Close releases the database.
func (a *App) Close() error { return a.DB.Close() }

func (a *App) router() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.Recoverer, httpx.RealIP(a.proxies))
	r.Get("/healthz", func(w http.ResponseWriter, req *http.Request) {
		ctx, cancel := context.WithTimeout(req.Context(), 3*time.Second)
		defer cancel()
		if err := a.DB.PingContext(ctx); err != nil {
			http.Error(w, "database unavailable", http.StatusServiceUnavailable)
			return
		}
		// A degraded part (the text search without pg_trgm) is named on a
		// line of its own; the server still answers.
		status := "ok"
		if s := search.Status(ctx, a.DB); s != "" {
			status += "\n" + s
		}
		w.Write([]byte(status)) //nolint:errcheck
	})
	for _, rt := range a.Routes {
		// JSON answers above a kilobyte travel gzipped; the web app's
		// assets are precompressed by the build (package web).
		r.Method(rt.Method, rt.Pattern, httpx.CompressJSON(a.endpoint(rt)))
	}
	r.Get("/", func(w http.ResponseWriter, req *http.Request) { http.Redirect(w, req, "/web/", http.StatusFound) })
	spa := web.Handler()
	r.Handle("/web", http.RedirectHandler("/web/", http.StatusMovedPermanently))
	r.Handle("/web/*", http.StripPrefix("/web", spa))
	// The big screen (the cockpits) is a page of its own, outside the
	// app's client routes: its hash route picks the cockpit.
	screen := web.BigScreen()
	r.Handle("/bigscreen", http.RedirectHandler("/bigscreen/index.html", http.StatusMovedPermanently))
	r.Handle("/bigscreen/*", http.StripPrefix("/bigscreen", screen))
	// Paths no route declares are counted under one label: their paths
	// are the client's to invent.
	r.NotFound(func(w http.ResponseWriter, req *http.Request) {
		start := time.Now()
		httpx.WriteError(w, req, httpx.NotFound("接口不存在"))
		a.Metrics.Unmatched(req.Method).Observe(http.StatusNotFound, time.Since(start))
	})
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		start := time.Now()
		httpx.WriteError(w, req, httpx.E(http.StatusMethodNotAllowed, "不支持的请求方法"))
		a.Metrics.Unmatched(req.Method).Observe(http.StatusMethodNotAllowed, time.Since(start))
	})
	// Outside the router, in order: the security headers (on every answer,
	// refusals included), path tricks and hostile characters refused before
	// anything reads the request, then the method override (before routing).
	headers := httpx.SecurityHeaders(func(req *http.Request) httpx.WebPolicy { return a.System.WebPolicy(req.Context()) })
	return headers(httpx.PathGuard(httpx.InputGuard(httpx.MethodOverride(r))))
}

// endpoint wraps a route: the guard, the handler, the error mapper and the
// operation log for mutating requests (with the start of the body and of
// the answer, which name the records acted on), and the request metrics
// under the route's declared pattern. The route rides in the context, so a
// sensitive read logged by its handler carries its title.
func (a *App) endpoint(rt httpx.Route) http.Handler {
	audited := rt.Method != http.MethodGet && !rt.ReadOnly && rt.Perm != httpx.Public
	observed := a.Metrics.Route(rt.Method, rt.Pattern)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		r = r.WithContext(httpx.WithCountCap(httpx.WithRoute(r.Context(), rt), a.Config.ListCountCap))
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		var body *httpx.Captured
		if audited && !rt.Secret {
			body, rec.keep = httpx.Capture(r, system.MaxCapturedBody), answerHead
		}
		req, err := a.System.Guard(r, rt.Perm)
		if err == nil {
			err = rt.Handler(rec, req)
		} else {
			req = r
		}
		if err != nil {
			httpx.WriteError(rec, req, err)
		}
		if audited {
			var head []byte
			var size int64
			if body != nil { // a Secret route's body is never read for the log
				head, size = body.Finish()
			}
			a.System.WriteOperLog(req, system.OperRequest{Route: rt, Status: rec.status, Took: time.Since(start), Err: err,
				Body: head, BodySize: size, Answer: rec.head})
		}
		observed.Observe(rec.status, time.Since(start))
	})
}

// answerHead is how much of a creation's answer (201) the operation log
// reads: the created record, whose id and name it logs.
const answerHead = 16 << 10

type statusRecorder struct {
	http.ResponseWriter
	status  int
	written bool
	keep    int    // bytes of a 201 answer to keep in head
	head    []byte // the start of a 201 answer
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.written {
		s.status, s.written = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.written = true
	if room := s.keep - len(s.head); room > 0 && s.status == http.StatusCreated {
		s.head = append(s.head, b[:min(room, len(b))]...)
	}
	return s.ResponseWriter.Write(b)
}

// Flush lets streamed exports flush through the recorder.
func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection's writer (the
// count stream sets its own write deadline through it).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }
