-- Hand-written: every server process keeps who each token it has checked belongs to and what
-- that user may do (runtime/auth/callerCache.ts), until its database changes. A change to a token,
-- a user, a group membership or a permission made by another process (another server on the same
-- database, a script, psql) is announced to them on the channel `auth_changed`, once per statement.
-- A token's `last_used` refresh and a user's `last_login` change nothing that the caches keep, so
-- they announce nothing.
CREATE FUNCTION "announce_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_token_announce" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "version", "key", "user_id", "expires", "enabled", "write_enabled", "pepper_id", "allowed_ips", "plaintext", "hmac_digest" ON "users_token" FOR EACH STATEMENT EXECUTE FUNCTION "announce_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "users_user_announce" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "username", "is_active", "is_superuser" ON "users_user" FOR EACH STATEMENT EXECUTE FUNCTION "announce_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "users_object_permission_announce" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "users_object_permission" FOR EACH STATEMENT EXECUTE FUNCTION "announce_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "users_user_permissions_announce" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "users_user_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "users_group_permissions_announce" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "users_group_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "users_user_groups_announce" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "users_user_groups" FOR EACH STATEMENT EXECUTE FUNCTION "announce_auth_change"();
