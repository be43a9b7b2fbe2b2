-- PostgreSQL twin of prisma/migrations/0001_init (same tables, columns and seeded plans).
-- Timestamps are TIMESTAMP(3) holding UTC, as Prisma maps DateTime.

CREATE TABLE plans (
  id                        TEXT    NOT NULL PRIMARY KEY,
  name                      TEXT    NOT NULL,
  rate_limit_requests       INTEGER NOT NULL CHECK (rate_limit_requests > 0),
  rate_limit_window_seconds INTEGER NOT NULL CHECK (rate_limit_window_seconds > 0),
  units_per_period          INTEGER CHECK (units_per_period IS NULL OR units_per_period >= 0),
  daily_unit_cap            INTEGER CHECK (daily_unit_cap IS NULL OR daily_unit_cap >= 0),
  created_at                TIMESTAMP(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);

CREATE TABLE accounts (
  id                  TEXT NOT NULL PRIMARY KEY,
  name                TEXT NOT NULL,
  status              TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  plan_id             TEXT NOT NULL REFERENCES plans (id),
  test_plan_id        TEXT NOT NULL DEFAULT 'free' REFERENCES plans (id),
  subscription_status TEXT NOT NULL DEFAULT 'inactive' CHECK (subscription_status IN ('active', 'inactive')),
  daily_unit_cap      INTEGER CHECK (daily_unit_cap IS NULL OR daily_unit_cap >= 0),
  created_at          TIMESTAMP(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  updated_at          TIMESTAMP(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);

CREATE TABLE entitlements (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  capability TEXT NOT NULL,
  created_at TIMESTAMP(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  PRIMARY KEY (account_id, capability)
);

CREATE TABLE api_keys (
  id             TEXT NOT NULL PRIMARY KEY,
  account_id     TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  mode           TEXT NOT NULL CHECK (mode IN ('test', 'live')),
  hash           TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
  hint           TEXT NOT NULL,
  name           TEXT,
  created_at     TIMESTAMP(3) NOT NULL DEFAULT (now() AT TIME ZONE 'utc'),
  expires_at     TIMESTAMP(3),
  revoked_at     TIMESTAMP(3),
  replaced_by_id TEXT
);
CREATE INDEX api_keys_account_id_idx ON api_keys (account_id);

CREATE TABLE usage_counters (
  account_id TEXT    NOT NULL,
  mode       TEXT    NOT NULL CHECK (mode IN ('test', 'live')),
  day        TEXT    NOT NULL,
  capability TEXT    NOT NULL,
  units      INTEGER NOT NULL DEFAULT 0,
  requests   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, mode, day, capability)
);
CREATE INDEX usage_counters_day_idx ON usage_counters (day);

INSERT INTO plans (id, name, rate_limit_requests, rate_limit_window_seconds, units_per_period, daily_unit_cap) VALUES
  ('free',     'Free (test mode)', 60,   60, NULL,    1000),
  ('starter',  'Starter',          300,  60, 50000,   NULL),
  ('business', 'Business',         1200, 60, 500000,  NULL),
  ('scale',    'Scale',            6000, 60, 5000000, NULL);
