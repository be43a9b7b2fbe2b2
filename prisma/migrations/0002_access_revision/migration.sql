-- A counter bumped by every change to plans, accounts, entitlements and keys, so a running server
-- reloads them only when something changed (a one-row read per refresh instead of whole tables).
CREATE TABLE access_revision (
  id       INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
  revision INTEGER NOT NULL
);
INSERT INTO access_revision (id, revision) VALUES (1, 1);

CREATE TRIGGER plans_insert_bumps_revision AFTER INSERT ON plans
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER plans_update_bumps_revision AFTER UPDATE ON plans
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER plans_delete_bumps_revision AFTER DELETE ON plans
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER accounts_insert_bumps_revision AFTER INSERT ON accounts
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER accounts_update_bumps_revision AFTER UPDATE ON accounts
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER accounts_delete_bumps_revision AFTER DELETE ON accounts
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER entitlements_insert_bumps_revision AFTER INSERT ON entitlements
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER entitlements_update_bumps_revision AFTER UPDATE ON entitlements
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER entitlements_delete_bumps_revision AFTER DELETE ON entitlements
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER api_keys_insert_bumps_revision AFTER INSERT ON api_keys
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER api_keys_update_bumps_revision AFTER UPDATE ON api_keys
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
CREATE TRIGGER api_keys_delete_bumps_revision AFTER DELETE ON api_keys
BEGIN
  UPDATE access_revision SET revision = revision + 1 WHERE id = 1;
END;
