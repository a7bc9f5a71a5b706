-- Schema version 0301 (PostgreSQL): the DAIDE seats, so a bot can take its seat back with
-- IAM after the server restarts.

-- A power of a game played by a DAIDE bot: its account, the SHA-256 (hex) of its IAM
-- passcode with the power's token (never the passcode itself), and the name and
-- version it gave in NME (for SMR).
CREATE TABLE daide_seats (
    game_id       BIGINT NOT NULL REFERENCES games(id),
    power         TEXT   NOT NULL,
    account_id    BIGINT NOT NULL REFERENCES accounts(id),
    passcode_hash TEXT   NOT NULL,
    bot_name      TEXT   NOT NULL,
    bot_version   TEXT   NOT NULL,
    PRIMARY KEY (game_id, power)
);
CREATE INDEX daide_seats_by_passcode ON daide_seats (passcode_hash);
