-- PostgreSQL twin of prisma/migrations/0002_access_revision: a counter bumped by every change to
-- plans, accounts, entitlements and keys, so a running server reloads them only when it moved.
CREATE TABLE access_revision (
  id       INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
  revision INTEGER NOT NULL
);
INSERT INTO access_revision (id, revision) VALUES (1, 1);

CREATE FUNCTION bump_access_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER plans_bump_revision AFTER INSERT OR UPDATE OR DELETE ON plans FOR EACH STATEMENT EXECUTE FUNCTION bump_access_revision();
CREATE TRIGGER accounts_bump_revision AFTER INSERT OR UPDATE OR DELETE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION bump_access_revision();
CREATE TRIGGER entitlements_bump_revision AFTER INSERT OR UPDATE OR DELETE ON entitlements FOR EACH STATEMENT EXECUTE FUNCTION bump_access_revision();
CREATE TRIGGER api_keys_bump_revision AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION bump_access_revision();
