// Package servermon is 服务监控 (issue 33): the state of this instance and
// of what it runs on — the process (uptime, goroutines, memory, CPU), the
// host (CPU, load, memory), the disk of the data directory, the database
// (its size and this instance's connection pool) and the scheduled jobs'
// recent runs. It reads the machine through gopsutil (maintained, made for
// this, and the same on Linux, macOS and Windows).
package servermon

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/shirou/gopsutil/v4/cpu"
	"github.com/shirou/gopsutil/v4/disk"
	"github.com/shirou/gopsutil/v4/load"
	"github.com/shirou/gopsutil/v4/mem"
	"github.com/shirou/gopsutil/v4/process"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
)

// PermView lets a caller see the server monitor (system administrators).
const PermView = "server:list"

// jobWindow is how far back the jobs' runs are counted.
const jobWindow = 24 * time.Hour

// Monitor reads the status of this instance.
type Monitor struct {
	db      *bun.DB
	dataDir string
	version string
	jobs    *jobs.Scheduler
	started time.Time
	proc    *process.Process

	mu   sync.Mutex
	last cpuSample // the previous reading, for the CPU use since

	// FieldKeys reads the field keys' state (the app sets it: crypto.Rekeyer.Summary).
	FieldKeys func(context.Context) (crypto.Summary, error)
}

// cpuSample is a reading of the host's and the process's CPU time.
type cpuSample struct {
	at         time.Time
	hostBusy   float64
	hostTotal  float64
	procSecond float64
}

// New is the monitor of this process; version names what it runs (the
// schema version), dataDir is where uploads and keys live.
func New(d *bun.DB, dataDir, version string, sched *jobs.Scheduler) *Monitor {
	m := &Monitor{db: d, dataDir: dataDir, version: version, jobs: sched, started: time.Now()}
	if p, err := process.NewProcess(int32(os.Getpid())); err == nil {
		m.proc = p
	}
	m.last = m.sample()
	return m
}

// Status is what the page shows.
type Status struct {
	Instance Instance     `json:"instance"`
	Process  Process      `json:"process"`
	Host     Host         `json:"host"`
	Disk     Disk         `json:"disk"`
	Database Database     `json:"database"`
	Jobs     jobs.Summary `json:"jobs"`
	// FieldKeys is the personal fields' encryption: the 国密 option and a
	// rotation's progress (platform/crypto).
	FieldKeys crypto.Summary `json:"fieldKeys"`
	// Unread lists what could not be read on this system (the rest is shown).
	Unread []string `json:"unread"`
}

// Instance names this server process.
type Instance struct {
	Hostname  string    `json:"hostname"`
	PID       int       `json:"pid"`
	Version   string    `json:"version"`
	GoVersion string    `json:"goVersion"`
	OS        string    `json:"os"`
	StartedAt time.Time `json:"startTime"`
	UptimeSec int64     `json:"uptimeSeconds"`
}

// Process is this process's use of the machine.
type Process struct {
	Goroutines int     `json:"goroutines"`
	RSS        uint64  `json:"rss"`
	HeapAlloc  uint64  `json:"heapAlloc"`
	HeapSys    uint64  `json:"heapSys"`
	GCCount    uint32  `json:"gcCount"`
	CPUPercent float64 `json:"cpuPercent"` // of one core, since the previous reading
}

// Host is the machine's.
type Host struct {
	CPUs        int     `json:"cpus"`
	CPUPercent  float64 `json:"cpuPercent"` // of all cores, since the previous reading
	Load1       float64 `json:"load1"`
	Load5       float64 `json:"load5"`
	Load15      float64 `json:"load15"`
	MemTotal    uint64  `json:"memTotal"`
	MemUsed     uint64  `json:"memUsed"`
	MemPercent  float64 `json:"memPercent"`
	SampledOver float64 `json:"sampledOverSeconds"`
}

// Disk is the file system of the data directory.
type Disk struct {
	Path    string  `json:"path"`
	Total   uint64  `json:"total"`
	Free    uint64  `json:"free"`
	Percent float64 `json:"percent"`
}

// Database is the store and this instance's pool of connections to it.
type Database struct {
	Driver       string `json:"driver"`
	Size         int64  `json:"size"`
	MaxOpen      int    `json:"maxOpen"`
	Open         int    `json:"open"`
	InUse        int    `json:"inUse"`
	Idle         int    `json:"idle"`
	WaitCount    int64  `json:"waitCount"`
	WaitDuration int64  `json:"waitMs"`
}

// sample reads the CPU times now.
func (m *Monitor) sample() cpuSample {
	s := cpuSample{at: time.Now()}
	if t, err := cpu.TimesWithContext(context.Background(), false); err == nil && len(t) == 1 {
		s.hostTotal = t[0].Total()
		s.hostBusy = s.hostTotal - t[0].Idle - t[0].Iowait
	}
	if m.proc != nil {
		if t, err := m.proc.Times(); err == nil {
			s.procSecond = t.User + t.System
		}
	}
	return s
}

// Status reads everything; what cannot be read is named in Unread.
func (m *Monitor) Status(ctx context.Context) (Status, error) {
	now := time.Now()
	host, _ := os.Hostname()
	st := Status{Unread: []string{}, Instance: Instance{Hostname: host, PID: os.Getpid(), Version: m.version, GoVersion: runtime.Version(),
		OS: runtime.GOOS + "/" + runtime.GOARCH, StartedAt: m.started, UptimeSec: int64(now.Sub(m.started).Seconds())}}
	unread := func(what string, err error) { st.Unread = append(st.Unread, fmt.Sprintf("%s：%v", what, err)) }

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	st.Process = Process{Goroutines: runtime.NumGoroutine(), HeapAlloc: ms.HeapAlloc, HeapSys: ms.HeapSys, GCCount: ms.NumGC}
	if m.proc != nil {
		if mi, err := m.proc.MemoryInfoWithContext(ctx); err == nil {
			st.Process.RSS = mi.RSS
		} else {
			unread("进程内存", err)
		}
	}

	m.mu.Lock()
	prev, cur := m.last, m.sample()
	m.last = cur
	m.mu.Unlock()
	st.Host.CPUs = runtime.NumCPU()
	if secs := cur.at.Sub(prev.at).Seconds(); secs > 0 {
		st.Host.SampledOver = secs
		st.Process.CPUPercent = round1(100 * (cur.procSecond - prev.procSecond) / secs)
		if total := cur.hostTotal - prev.hostTotal; total > 0 {
			st.Host.CPUPercent = round1(100 * (cur.hostBusy - prev.hostBusy) / total)
		}
	}
	if l, err := load.AvgWithContext(ctx); err == nil {
		st.Host.Load1, st.Host.Load5, st.Host.Load15 = l.Load1, l.Load5, l.Load15
	} else {
		unread("系统负载", err)
	}
	if v, err := mem.VirtualMemoryWithContext(ctx); err == nil {
		st.Host.MemTotal, st.Host.MemUsed, st.Host.MemPercent = v.Total, v.Used, round1(v.UsedPercent)
	} else {
		unread("内存", err)
	}
	if u, err := disk.UsageWithContext(ctx, m.dataDir); err == nil {
		st.Disk = Disk{Path: m.dataDir, Total: u.Total, Free: u.Free, Percent: round1(u.UsedPercent)}
	} else {
		st.Disk.Path = m.dataDir
		unread("数据目录所在磁盘", err)
	}

	pool := m.db.Stats()
	st.Database = Database{Driver: "SQLite", MaxOpen: pool.MaxOpenConnections, Open: pool.OpenConnections, InUse: pool.InUse,
		Idle: pool.Idle, WaitCount: pool.WaitCount, WaitDuration: pool.WaitDuration.Milliseconds()}
	size := "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()"
	if db.IsPostgres(m.db) {
		st.Database.Driver = "PostgreSQL"
		size = "SELECT pg_database_size(current_database())"
	}
	if err := m.db.NewRaw(size).Scan(ctx, &st.Database.Size); err != nil {
		unread("数据库大小", err)
	}
	if m.jobs != nil {
		sum, err := m.jobs.Summarise(ctx, now.Add(-jobWindow).UTC())
		if err != nil {
			return st, httpx.Internal(err)
		}
		st.Jobs = sum
	}
	if m.FieldKeys != nil {
		keys, err := m.FieldKeys(ctx)
		if err != nil {
			unread("字段加密密钥", err)
		}
		st.FieldKeys = keys
	}
	return st, nil
}

func round1(v float64) float64 { return float64(int64(v*10+0.5)) / 10 }

// Routes registers the page's one endpoint.
func (m *Monitor) Routes(rs *httpx.Routes) {
	rs.In("服务监控").Get("/api/monitor/server", PermView, "查询服务状态", httpx.Read(m.Status))
}
