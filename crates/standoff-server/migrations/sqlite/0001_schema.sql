-- The judge's schema, version 1 (SQLite). Times are milliseconds since 1970 (UTC).
CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    username      TEXT    NOT NULL UNIQUE,
    password_hash TEXT    NOT NULL,
    email         TEXT,
    is_admin      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    BIGINT  NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT   PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    csrf_token TEXT   NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE TABLE api_tokens (
    token_hash TEXT   PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    name       TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    gm_id       BIGINT  NOT NULL REFERENCES accounts(id),
    status      TEXT    NOT NULL,
    private     BOOLEAN NOT NULL,
    invite_code TEXT,
    settings    TEXT    NOT NULL,
    state       TEXT    NOT NULL,
    phase_no    BIGINT  NOT NULL,
    phase       TEXT    NOT NULL,
    deadline_at BIGINT,
    grace_used  BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX games_due ON games (status, deadline_at);
CREATE TABLE players (
    game_id     BIGINT NOT NULL REFERENCES games(id),
    account_id  BIGINT NOT NULL REFERENCES accounts(id),
    power       TEXT,
    preferences TEXT   NOT NULL,
    joined_at   BIGINT NOT NULL,
    PRIMARY KEY (game_id, account_id)
);
CREATE TABLE submissions (
    game_id    BIGINT  NOT NULL REFERENCES games(id),
    phase_no   BIGINT  NOT NULL,
    power      TEXT    NOT NULL,
    lines      TEXT,
    ready      BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at BIGINT  NOT NULL,
    PRIMARY KEY (game_id, phase_no, power)
);
CREATE TABLE phases (
    game_id      BIGINT NOT NULL REFERENCES games(id),
    phase_no     BIGINT NOT NULL,
    phase        TEXT   NOT NULL,
    position     TEXT   NOT NULL,
    orders       TEXT   NOT NULL,
    submitted    TEXT   NOT NULL,
    report       TEXT   NOT NULL,
    processed_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, phase_no)
);
