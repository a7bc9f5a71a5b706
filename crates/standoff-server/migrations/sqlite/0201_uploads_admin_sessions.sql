-- Schema version 0201 (SQLite): uploaded variant files, the site-admin claim of the
-- first account, expired sessions found by their expiry.

-- A variant file uploaded by an account (checked like `standoff check-variant`);
-- games made from it embed its text in their stored state.
CREATE TABLE variant_uploads (
    id          INTEGER PRIMARY KEY,
    account_id  BIGINT NOT NULL REFERENCES accounts(id),
    name        TEXT   NOT NULL,
    title       TEXT   NOT NULL,
    source      TEXT   NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX variant_uploads_by_account ON variant_uploads (account_id);

-- At most one row: the account that signed up first (and so is the site admin).
-- Claimed with INSERT ... ON CONFLICT DO NOTHING, so two first sign-ups at once
-- cannot both become the admin.
CREATE TABLE first_account (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    account_id BIGINT  NOT NULL REFERENCES accounts(id)
);
INSERT INTO first_account (id, account_id)
    SELECT 1, MIN(id) FROM accounts HAVING COUNT(*) > 0;

CREATE INDEX sessions_by_expiry ON sessions (expires_at);
