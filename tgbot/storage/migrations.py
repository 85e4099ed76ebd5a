"""The schema, as numbered migrations, one list per back end: SQLite's (`PRAGMA user_version` records how
far a database is) and PostgreSQL's (the `schema_version` table does)."""

MIGRATIONS: list[str] = [
    # 1: games, players, engine snapshots, accepted submissions, events, outbox, chats
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        ruleset TEXT NOT NULL,
        status TEXT NOT NULL,              -- signup, setup, running, paused, finished
        master_user_id INTEGER NOT NULL,
        log_chat_id INTEGER NOT NULL,
        public_chat_id INTEGER,
        locale TEXT NOT NULL DEFAULT 'ru',
        settings_json TEXT NOT NULL DEFAULT '{}',
        state_json TEXT,                   -- the engine state now
        phase INTEGER NOT NULL DEFAULT 0,
        deadline_at REAL,                  -- absolute UNIX time of the current phase's deadline
        resolved_phase INTEGER NOT NULL DEFAULT -1,  -- the last phase resolved (resolution is idempotent)
        created_at REAL NOT NULL
    );
    CREATE TABLE players (
        game_id INTEGER NOT NULL REFERENCES games(id),
        pid INTEGER,                       -- the engine's seat, once the game has started
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        public_role TEXT NOT NULL,
        locale TEXT,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games(id),
        phase INTEGER NOT NULL,
        state_json TEXT NOT NULL,
        saved_at REAL NOT NULL,
        PRIMARY KEY (game_id, phase)
    );
    CREATE TABLE submissions (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        phase INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        action TEXT NOT NULL,              -- submit, replace, withdraw, reorder
        payload_json TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE events (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        phase INTEGER NOT NULL,
        kind TEXT NOT NULL,
        audience TEXT NOT NULL,
        who TEXT,
        params_json TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        game_id INTEGER,
        chat_id INTEGER NOT NULL,
        op TEXT NOT NULL DEFAULT 'send',   -- send, edit (the message kept in `slot`), document, photo
        slot TEXT,                         -- a name under which the sent message's id is kept
        text TEXT,
        reply_markup_json TEXT,
        document_name TEXT,
        document BLOB,
        dedup_key TEXT UNIQUE,             -- the same announcement is never queued twice
        created_at REAL NOT NULL,
        not_before REAL NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        sent_at REAL
    );
    CREATE INDEX outbox_due ON outbox (sent_at, not_before, id);
    CREATE TABLE slots (
        game_id INTEGER NOT NULL,
        slot TEXT NOT NULL,
        chat_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, slot, chat_id)
    );
    CREATE TABLE users (
        user_id INTEGER PRIMARY KEY,
        locale TEXT,
        started INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE fsm (
        key TEXT PRIMARY KEY,              -- bot:chat:user[:thread] — aiogram's storage key
        state TEXT,
        data_json TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE chats (
        chat_id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,                -- log, public, pool
        game_id INTEGER,
        title TEXT,
        busy INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 2: the master's pause, the pool of groups for chat rooms, rooms, usernames (for /replace @user)
    """
    ALTER TABLE games ADD COLUMN paused_left REAL;    -- seconds left of the deadline while paused, else NULL
    ALTER TABLE chats ADD COLUMN added_by INTEGER;    -- who registered a pool group
    CREATE TABLE rooms (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        eid INTEGER NOT NULL,              -- the engine's room effect
        number INTEGER NOT NULL,           -- 1, 2, … within the game
        members_json TEXT NOT NULL,        -- pids
        mode TEXT NOT NULL,                -- group (a pool group), relay (the bot forwards in private chats)
        chat_id INTEGER,                   -- the pool group, for mode group
        invite_link TEXT,
        status TEXT NOT NULL,              -- opening, open, closed
        admitted_json TEXT NOT NULL DEFAULT '[]',  -- user ids let into the group (removed at the end)
        invited_json TEXT NOT NULL DEFAULT '[]',   -- user ids the link was sent to
        left_json TEXT NOT NULL DEFAULT '[]',      -- relay: pids who left
        opened_at REAL NOT NULL,
        closed_at REAL,
        UNIQUE (game_id, eid)
    );
    CREATE INDEX rooms_chat ON rooms (chat_id, status);
    CREATE TABLE room_requests (
        game_id INTEGER NOT NULL REFERENCES games(id),
        eid INTEGER NOT NULL,              -- the engine's room_request effect
        phase INTEGER NOT NULL,            -- the day it was proposed
        proposer INTEGER NOT NULL,         -- pid
        members_json TEXT NOT NULL,        -- pids
        status TEXT NOT NULL DEFAULT 'open',  -- open, formed, not_formed (its card in the public group says so)
        PRIMARY KEY (game_id, eid)
    );
    CREATE TABLE usernames (
        username TEXT PRIMARY KEY,         -- lower case, without @
        user_id INTEGER NOT NULL
    );
    """,
    # 3: the character's grammatical gender (m, f), for verbs about it in Russian («погиб» / «погибла»)
    """
    ALTER TABLE players ADD COLUMN gender TEXT;
    """,
    # 4: a picture's words for where Telegram refuses the picture (op photo: the caption and a text diagram)
    """
    ALTER TABLE outbox ADD COLUMN fallback TEXT;
    """,
    # 5: the game's version, bumped by each change of it: a process that cached the game reloads it when
    # another one changed it (several processes on PostgreSQL; SQLite keeps it all the same)
    """
    ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: each seat's result of a finished game (for /stats), and the guests who watch a game (/spectate)
    """
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games(id),
        pid INTEGER NOT NULL,
        user_id INTEGER NOT NULL,          -- who held the seat at the end
        ruleset TEXT NOT NULL,
        faction TEXT NOT NULL,
        role TEXT NOT NULL,                -- the secret role (the public one where the rule set has none)
        won INTEGER NOT NULL,              -- 1: the faction is among the winners (the dead win with it)
        survived INTEGER NOT NULL,         -- 1: alive at the end
        PRIMARY KEY (game_id, pid)
    );
    CREATE INDEX results_user ON results (user_id);
    CREATE TABLE spectators (
        game_id INTEGER NOT NULL REFERENCES games(id),
        user_id INTEGER NOT NULL,
        since REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX spectators_user ON spectators (user_id);
    """,
]

# PostgreSQL: the schema SQLite reaches with its migrations 1-5, in PostgreSQL's types (ids of Telegram
# users and chats need 64 bits; times are seconds as double precision). `players.rowid` keeps the
# sign-up order, which SQLite keeps in its implicit rowid.
PG_MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        ruleset TEXT NOT NULL,
        status TEXT NOT NULL,
        master_user_id BIGINT NOT NULL,
        log_chat_id BIGINT NOT NULL,
        public_chat_id BIGINT,
        locale TEXT NOT NULL DEFAULT 'ru',
        settings_json TEXT NOT NULL DEFAULT '{}',
        state_json TEXT,
        phase BIGINT NOT NULL DEFAULT 0,
        deadline_at DOUBLE PRECISION,
        resolved_phase BIGINT NOT NULL DEFAULT -1,
        created_at DOUBLE PRECISION NOT NULL,
        paused_left DOUBLE PRECISION,
        version BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE players (
        rowid BIGINT GENERATED ALWAYS AS IDENTITY,
        game_id BIGINT NOT NULL REFERENCES games(id),
        pid BIGINT,
        user_id BIGINT NOT NULL,
        name TEXT NOT NULL,
        public_role TEXT NOT NULL,
        locale TEXT,
        gender TEXT,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE snapshots (
        game_id BIGINT NOT NULL REFERENCES games(id),
        phase BIGINT NOT NULL,
        state_json TEXT NOT NULL,
        saved_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, phase)
    );
    CREATE TABLE submissions (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id BIGINT NOT NULL REFERENCES games(id),
        phase BIGINT NOT NULL,
        user_id BIGINT NOT NULL,
        action TEXT NOT NULL,
        payload_json TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE events (
        game_id BIGINT NOT NULL REFERENCES games(id),
        seq BIGINT NOT NULL,
        phase BIGINT NOT NULL,
        kind TEXT NOT NULL,
        audience TEXT NOT NULL,
        who TEXT,
        params_json TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE outbox (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id BIGINT,
        chat_id BIGINT NOT NULL,
        op TEXT NOT NULL DEFAULT 'send',
        slot TEXT,
        text TEXT,
        reply_markup_json TEXT,
        document_name TEXT,
        document BYTEA,
        dedup_key TEXT UNIQUE,
        created_at DOUBLE PRECISION NOT NULL,
        not_before DOUBLE PRECISION NOT NULL,
        attempts BIGINT NOT NULL DEFAULT 0,
        last_error TEXT,
        sent_at DOUBLE PRECISION,
        fallback TEXT
    );
    CREATE INDEX outbox_due ON outbox (sent_at, not_before, id);
    CREATE TABLE slots (
        game_id BIGINT NOT NULL,
        slot TEXT NOT NULL,
        chat_id BIGINT NOT NULL,
        message_id BIGINT NOT NULL,
        PRIMARY KEY (game_id, slot, chat_id)
    );
    CREATE TABLE users (
        user_id BIGINT PRIMARY KEY,
        locale TEXT,
        started BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE fsm (
        key TEXT PRIMARY KEY,
        state TEXT,
        data_json TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE chats (
        chat_id BIGINT PRIMARY KEY,
        kind TEXT NOT NULL,
        game_id BIGINT,
        title TEXT,
        busy BIGINT NOT NULL DEFAULT 0,
        added_by BIGINT
    );
    CREATE TABLE rooms (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id BIGINT NOT NULL REFERENCES games(id),
        eid BIGINT NOT NULL,
        number BIGINT NOT NULL,
        members_json TEXT NOT NULL,
        mode TEXT NOT NULL,
        chat_id BIGINT,
        invite_link TEXT,
        status TEXT NOT NULL,
        admitted_json TEXT NOT NULL DEFAULT '[]',
        invited_json TEXT NOT NULL DEFAULT '[]',
        left_json TEXT NOT NULL DEFAULT '[]',
        opened_at DOUBLE PRECISION NOT NULL,
        closed_at DOUBLE PRECISION,
        UNIQUE (game_id, eid)
    );
    CREATE INDEX rooms_chat ON rooms (chat_id, status);
    CREATE TABLE room_requests (
        game_id BIGINT NOT NULL REFERENCES games(id),
        eid BIGINT NOT NULL,
        phase BIGINT NOT NULL,
        proposer BIGINT NOT NULL,
        members_json TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'open',
        PRIMARY KEY (game_id, eid)
    );
    CREATE TABLE usernames (
        username TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL
    );
    -- A process's lock of a game until its transaction ends, and the game's version once it holds it, in
    -- one round trip: a VOLATILE function reads with a snapshot taken after the lock, not before it.
    CREATE FUNCTION hold_game(game BIGINT) RETURNS BIGINT LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
        PERFORM pg_advisory_xact_lock(game);
        RETURN (SELECT version FROM games WHERE id = game);
    END
    $$;
    """,
    # 2: each seat's result of a finished game (for /stats), and the guests who watch a game (/spectate)
    """
    CREATE TABLE results (
        game_id BIGINT NOT NULL REFERENCES games(id),
        pid BIGINT NOT NULL,
        user_id BIGINT NOT NULL,          -- who held the seat at the end
        ruleset TEXT NOT NULL,
        faction TEXT NOT NULL,
        role TEXT NOT NULL,                -- the secret role (the public one where the rule set has none)
        won BIGINT NOT NULL,              -- 1: the faction is among the winners (the dead win with it)
        survived BIGINT NOT NULL,         -- 1: alive at the end
        PRIMARY KEY (game_id, pid)
    );
    CREATE INDEX results_user ON results (user_id);
    CREATE TABLE spectators (
        game_id BIGINT NOT NULL REFERENCES games(id),
        user_id BIGINT NOT NULL,
        since DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX spectators_user ON spectators (user_id);
    """,
]
