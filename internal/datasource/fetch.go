package datasource

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Reading a source. Every reader has limits: MaxRecords records, a time
// limit, an HTTP answer of at most maxAnswer bytes; a database query runs in
// a read-only transaction (the school should still give a read-only
// account: the transaction is a second guard, not the first).

const (
	// MaxRecords bounds the records of one run (four import batches).
	MaxRecords = 200_000
	maxAnswer  = 64 << 20
	fetchLimit = 2 * time.Minute
)

// Record is one record of a source: its fields as text.
type Record map[string]string

// errFetch is a failure to read a source, in words an administrator acts on.
type errFetch struct{ msg string }

func (e errFetch) Error() string { return e.msg }

func failf(format string, args ...any) error { return errFetch{fmt.Sprintf(format, args...)} }

// fetch reads up to limit records of a source (endpoint in clear).
func fetch(ctx context.Context, typ, endpoint, query string, limit int, client *http.Client) ([]Record, error) {
	ctx, cancel := context.WithTimeout(ctx, fetchLimit)
	defer cancel()
	switch typ {
	case TypeHTTP:
		return fetchHTTP(ctx, endpoint, query, limit, client)
	case TypePostgres:
		cfg, err := pgx.ParseConfig(endpoint)
		if err != nil {
			return nil, failf("PostgreSQL 连接串无效")
		}
		// Read-only by default for every transaction of the connection.
		cfg.RuntimeParams["default_transaction_read_only"] = "on"
		cfg.RuntimeParams["statement_timeout"] = strconv.Itoa(int(fetchLimit / time.Millisecond))
		db := stdlib.OpenDB(*cfg)
		defer db.Close()
		return fetchSQL(ctx, db, query, limit)
	case TypeMySQL:
		cfg, err := mysql.ParseDSN(endpoint)
		if err != nil {
			return nil, failf("MySQL 连接串无效")
		}
		cfg.Timeout, cfg.ReadTimeout = 10*time.Second, fetchLimit
		cfg.ParseTime = true
		connector, err := mysql.NewConnector(cfg)
		if err != nil {
			return nil, failf("MySQL 连接串无效")
		}
		db := sql.OpenDB(connector)
		defer db.Close()
		return fetchSQL(ctx, db, query, limit)
	}
	return nil, failf("不支持的数据源类型")
}

// fetchSQL runs query in a read-only transaction and reads its rows.
func fetchSQL(ctx context.Context, db *sql.DB, query string, limit int) ([]Record, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, failf("无法连接数据库：%s", short(err))
	}
	defer tx.Rollback() //nolint:errcheck // read-only: nothing to keep
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return nil, failf("查询失败：%s", short(err))
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, failf("查询失败：%s", short(err))
	}
	var out []Record
	values := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range values {
		ptrs[i] = &values[i]
	}
	for rows.Next() {
		if len(out) == limit {
			if limit == MaxRecords {
				return nil, failf("数据超过 %d 条，请在查询中分批（如按年级）设置多个数据源", MaxRecords)
			}
			break
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, failf("读取数据失败：%s", short(err))
		}
		rec := make(Record, len(cols))
		for i, c := range cols {
			rec[c] = text(values[i])
		}
		out = append(out, rec)
	}
	if err := rows.Err(); err != nil {
		return nil, failf("读取数据失败：%s", short(err))
	}
	return out, nil
}

// fetchHTTP GETs the endpoint and reads the JSON array at path (dot
// separated; "" : the answer is the array) of objects.
func fetchHTTP(ctx context.Context, endpoint, path string, limit int, client *http.Client) ([]Record, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	if err != nil {
		return nil, failf("接口地址无效")
	}
	req.Header.Set("Accept", "application/json")
	if client == nil {
		client = &http.Client{Timeout: fetchLimit}
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, failf("无法访问接口：%s", short(err))
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		return nil, failf("接口返回 %s", res.Status)
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer+1))
	if err != nil {
		return nil, failf("读取接口数据失败：%s", short(err))
	}
	if len(body) > maxAnswer {
		return nil, failf("接口数据超过 %d MB", maxAnswer>>20)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, failf("接口返回的不是 JSON")
	}
	for _, key := range strings.Split(path, ".") {
		if key == "" {
			continue
		}
		obj, ok := doc.(map[string]any)
		if !ok {
			return nil, failf("接口数据中没有“%s”", path)
		}
		doc = obj[key]
	}
	list, ok := doc.([]any)
	if !ok {
		return nil, failf("接口数据（%s）不是数组", orRoot(path))
	}
	if len(list) > MaxRecords && limit == MaxRecords {
		return nil, failf("数据超过 %d 条，请分批提供", MaxRecords)
	}
	out := make([]Record, 0, min(len(list), limit))
	for i, item := range list {
		if i == limit {
			break
		}
		obj, ok := item.(map[string]any)
		if !ok {
			return nil, failf("接口数据第 %d 项不是对象", i+1)
		}
		rec := make(Record, len(obj))
		for k, v := range obj {
			rec[k] = text(v)
		}
		out = append(out, rec)
	}
	return out, nil
}

func orRoot(path string) string {
	if path == "" {
		return "根"
	}
	return path
}

// text is a value of a source as the import reads a cell.
func text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return strings.TrimSpace(x)
	case []byte:
		return strings.TrimSpace(string(x))
	case time.Time:
		return x.Format(time.DateOnly)
	case bool:
		if x {
			return "是"
		}
		return "否"
	case json.Number:
		return x.String()
	}
	return strings.TrimSpace(fmt.Sprint(v))
}

// short is an error's first line, without the credentials a driver may echo.
func short(err error) string {
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		msg = ue.Err.Error() // the URL (and any token in it) stays out
	}
	if len([]rune(msg)) > 200 {
		msg = string([]rune(msg)[:200])
	}
	return msg
}
