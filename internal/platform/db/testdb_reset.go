package db

import (
	"context"
	"time"
)

// pgResetSetup is added to each PostgreSQL test template after its
// migrations, in a schema of its own (zhdj_test) that no test reads: the
// tests' queries and introspection stay in current_schema(). It keeps a copy
// of every table that holds rows after the migrations (dictionaries, menus,
// roles, settings) with its row count, the setup transaction's id (every row
// a test writes later carries a newer xmin), every sequence's position, and
// records any DDL a test runs (event triggers). reset() puts the rows and
// sequences back as the template has them and answers true, or answers false
// when the schema changed, so that the database is dropped instead of reused.
//
// A reset deletes rows rather than truncating: TRUNCATE gives every table new
// files, and the tests' tables hold a few rows each. A table the template
// fills is put back only when a test wrote to it: a row newer than the
// template's transaction (an insert or update), or fewer rows (a delete). Its
// untouched seeded rows are neither rewritten nor left as dead rows. An empty
// table that has never had a page is not even read. (An earlier reset compared
// an md5 of every seeded table's sorted rows: 150 ms a test on the server.)
// Triggers and foreign keys are off while it runs (session_replication_role =
// replica), so the order of the tables does not matter and no trigger writes
// behind it.
const pgResetSetup = `
CREATE SCHEMA zhdj_test;
CREATE TABLE zhdj_test.tables (name text PRIMARY KEY, rel oid NOT NULL, seeded bigint NOT NULL);
CREATE TABLE zhdj_test.mark (xid xid NOT NULL);
CREATE TABLE zhdj_test.seqs (name text PRIMARY KEY, last_value bigint NOT NULL, is_called boolean NOT NULL);
CREATE TABLE zhdj_test.ddl (tag text);
INSERT INTO zhdj_test.mark SELECT pg_current_xact_id()::xid;
DO $$
DECLARE r record; lv bigint; ic boolean; n bigint;
BEGIN
	FOR r IN SELECT c.oid, c.relname FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') LOOP
		EXECUTE format('SELECT count(*) FROM public.%I', r.relname) INTO n;
		INSERT INTO zhdj_test.tables VALUES (r.relname, r.oid, n);
		IF n > 0 THEN
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
DECLARE r record; has boolean; newer integer;
BEGIN
	IF EXISTS (SELECT 1 FROM zhdj_test.ddl) THEN
		RETURN false;
	END IF;
	SET LOCAL session_replication_role = replica;
	-- age() counts back from this transaction: a row is the test's when its xmin is younger than the mark.
	SELECT age(xid) INTO newer FROM zhdj_test.mark;
	FOR r IN SELECT name, rel, seeded FROM zhdj_test.tables LOOP
		IF r.seeded = 0 THEN
			IF pg_relation_size(r.rel) > 0 THEN
				EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I)', r.name) INTO has;
				IF has THEN
					EXECUTE format('DELETE FROM public.%I', r.name);
				END IF;
			END IF;
		ELSE
			EXECUTE format('SELECT count(*) <> $1 OR coalesce(bool_or(age(xmin) < $2), false) FROM public.%I', r.name)
				INTO has USING r.seeded, newer;
			IF has THEN
				EXECUTE format('DELETE FROM public.%I', r.name);
				EXECUTE format('INSERT INTO public.%I SELECT * FROM zhdj_test.%I', r.name, 'seed_' || r.name);
			END IF;
		END IF;
	END LOOP;
	PERFORM setval(format('public.%I', s.name)::regclass, s.last_value, s.is_called) FROM zhdj_test.seqs s;
	-- The rows put back carry this transaction's id: it is the mark from now on, so they count as the template's.
	UPDATE zhdj_test.mark SET xid = pg_current_xact_id()::xid;
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
