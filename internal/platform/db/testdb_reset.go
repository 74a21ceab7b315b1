package db

import (
	"context"
	"time"
)

// pgResetSetup is added to each PostgreSQL test template after its
// migrations, in a schema of its own (zhdj_test) that no test reads: the
// tests' queries and introspection stay in current_schema(). It keeps a copy
// of every table that holds rows after the migrations (dictionaries, menus,
// roles, settings) and every sequence's position, records any DDL a test runs
// (event triggers), and defines reset(): put the rows and sequences back as
// the template has them and answer true, or answer false when the schema
// changed, so that the database is dropped instead of reused.
//
// A reset deletes rows rather than truncating: TRUNCATE gives every table new
// files, and the tests' tables hold a few rows each. A table the template
// fills is put back only when a hash of its rows differs, so that the seeded
// rows a test leaves alone are neither rewritten nor left as dead rows. Triggers and foreign keys
// are off while it runs (session_replication_role = replica), so the order of
// the tables does not matter and no trigger writes behind it.
const pgResetSetup = `
CREATE SCHEMA zhdj_test;
CREATE TABLE zhdj_test.tables (name text PRIMARY KEY, rows_hash text);
CREATE TABLE zhdj_test.seqs (name text PRIMARY KEY, last_value bigint NOT NULL, is_called boolean NOT NULL);
CREATE TABLE zhdj_test.ddl (tag text);
CREATE FUNCTION zhdj_test.rows_hash(t text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE h text;
BEGIN
	EXECUTE format('SELECT md5(string_agg(x::text, chr(10) ORDER BY x::text)) FROM public.%I x', t) INTO h;
	RETURN h;
END $$;
DO $$
DECLARE r record; lv bigint; ic boolean; h text;
BEGIN
	FOR r IN SELECT c.relname FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') LOOP
		h := zhdj_test.rows_hash(r.relname);
		INSERT INTO zhdj_test.tables VALUES (r.relname, h);
		IF h IS NOT NULL THEN
			EXECUTE format('CREATE TABLE zhdj_test.%I AS TABLE public.%I', 'seed_' || r.relname, r.relname);
		END IF;
	END LOOP;
	FOR r IN SELECT c.relname FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S' LOOP
		EXECUTE format('SELECT last_value, is_called FROM public.%I', r.relname) INTO lv, ic;
		INSERT INTO zhdj_test.seqs VALUES (r.relname, lv, ic);
	END LOOP;
END $$;
CREATE FUNCTION zhdj_test.note_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO zhdj_test.ddl VALUES (tg_tag);
END $$;
CREATE FUNCTION zhdj_test.reset() RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE r record; has boolean;
BEGIN
	IF EXISTS (SELECT 1 FROM zhdj_test.ddl) THEN
		RETURN false;
	END IF;
	SET LOCAL session_replication_role = replica;
	FOR r IN SELECT name, rows_hash FROM zhdj_test.tables LOOP
		IF r.rows_hash IS NULL THEN
			EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I)', r.name) INTO has;
			IF has THEN
				EXECUTE format('DELETE FROM public.%I', r.name);
			END IF;
		ELSIF zhdj_test.rows_hash(r.name) IS DISTINCT FROM r.rows_hash THEN
			EXECUTE format('DELETE FROM public.%I', r.name);
			EXECUTE format('INSERT INTO public.%I SELECT * FROM zhdj_test.%I', r.name, 'seed_' || r.name);
		END IF;
	END LOOP;
	PERFORM setval(format('public.%I', s.name)::regclass, s.last_value, s.is_called) FROM zhdj_test.seqs s;
	RETURN true;
END $$;
CREATE EVENT TRIGGER zhdj_test_ddl ON ddl_command_end EXECUTE FUNCTION zhdj_test.note_ddl();
CREATE EVENT TRIGGER zhdj_test_drop ON sql_drop EXECUTE FUNCTION zhdj_test.note_ddl();
`

// pgReset ends the other sessions on a test's database (a goroutine the test
// left behind must not write into the next test's rows) and resets it; false
// when the database must be dropped instead.
func pgReset(dsn string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	d, err := Open(ctx, dsn)
	if err != nil {
		return false
	}
	defer d.Close()
	if _, err := d.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid()`); err != nil {
		return false
	}
	var ok bool
	if err := d.QueryRowContext(ctx, "SELECT zhdj_test.reset()").Scan(&ok); err != nil {
		return false
	}
	return ok
}
