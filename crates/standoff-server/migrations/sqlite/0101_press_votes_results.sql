-- Press, draw/concession votes, results and scores, GM pauses (server-aux), SQLite.
-- Times are milliseconds since 1970 (UTC).
CREATE TABLE messages (
    id           INTEGER PRIMARY KEY,
    game_id      BIGINT  NOT NULL REFERENCES games(id),
    phase_no     BIGINT  NOT NULL,
    phase        TEXT    NOT NULL,
    sender_id    BIGINT  NOT NULL REFERENCES accounts(id),
    sender_power TEXT,
    to_all       BOOLEAN NOT NULL,
    to_gm        BOOLEAN NOT NULL,
    recipients   TEXT    NOT NULL,
    body         TEXT    NOT NULL,
    sent_at      BIGINT  NOT NULL
);
CREATE INDEX messages_by_game ON messages (game_id, id);
CREATE TABLE message_reads (
    game_id    BIGINT NOT NULL REFERENCES games(id),
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    last_read  BIGINT NOT NULL,
    PRIMARY KEY (game_id, account_id)
);
CREATE TABLE votes (
    game_id    BIGINT  NOT NULL REFERENCES games(id),
    phase_no   BIGINT  NOT NULL,
    power      TEXT    NOT NULL,
    draw       BOOLEAN NOT NULL,
    concede_to TEXT,
    PRIMARY KEY (game_id, phase_no, power)
);
CREATE TABLE game_results (
    game_id     BIGINT PRIMARY KEY REFERENCES games(id),
    kind        TEXT   NOT NULL,
    powers      TEXT   NOT NULL,
    finished_at BIGINT NOT NULL
);
CREATE TABLE scores (
    game_id    BIGINT NOT NULL REFERENCES games(id),
    power      TEXT   NOT NULL,
    account_id BIGINT REFERENCES accounts(id),
    points     BIGINT NOT NULL,
    PRIMARY KEY (game_id, power)
);
CREATE INDEX scores_by_account ON scores (account_id);
CREATE TABLE game_pauses (
    game_id      BIGINT PRIMARY KEY REFERENCES games(id),
    remaining_ms BIGINT NOT NULL
);
CREATE TABLE reminders (
    game_id  BIGINT NOT NULL REFERENCES games(id),
    phase_no BIGINT NOT NULL,
    sent_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, phase_no)
);
