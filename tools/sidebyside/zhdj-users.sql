-- zhdj's side of the side-by-side (docs/performance.md): 20,000 accounts
-- user1 … user20000, each with the role 党员 and the admin's password hash,
-- and a session of the admin whose token is "benchtoken" (only its SHA-256
-- is stored; "remember me", so 30 idle minutes between runs do not end it). Run on a database migrated and started once by `zhdj serve`
-- (which makes the admin):  psql -d zb -f tools/sidebyside/zhdj-users.sql
BEGIN;
INSERT INTO sys_user (username, nick_name, password_hash, created_at, updated_at)
SELECT 'user' || i, 'user' || i, (SELECT password_hash FROM sys_user WHERE username = 'admin'), now(), now()
FROM generate_series(1, 20000) AS i;
INSERT INTO sys_user_role (user_id, role_id)
SELECT u.id, r.id FROM sys_user u, sys_role r WHERE u.username LIKE 'user%' AND r.code = 'member';
INSERT INTO sys_session (token_hash, user_id, remember, created_at, last_seen_at, expires_at)
SELECT encode(sha256('benchtoken'), 'hex'), id, TRUE, now(), now(), now() + interval '30 days'
FROM sys_user WHERE username = 'admin';
COMMIT;
VACUUM ANALYZE;
