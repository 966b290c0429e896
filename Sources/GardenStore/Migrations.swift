/// The store's schema as ordered migrations; `PRAGMA user_version` records how many have run. A
/// migration never changes once released: later changes are new migrations appended here.
enum Migrations {
    static let all: [String] = [
        // 1: the ledger, learned state, rules, identity and the journal.
        """
        CREATE TABLE ledger(
            row_id TEXT PRIMARY KEY,
            raw TEXT NOT NULL,              -- the input line, CPFs masked, without "resolution"
            folded TEXT NOT NULL,           -- the folded descriptor (what rules match), indexed by ledger_fts
            merchant_key TEXT,              -- the merchant identity (brand:<id>, cnpj:<root>, line:<category>, name:<words>)
            direction TEXT,
            date TEXT,
            resolution TEXT NOT NULL,       -- the resolution object, as written to stdout
            category TEXT NOT NULL,
            source TEXT NOT NULL,           -- the resolver that decided the category
            rule TEXT,                      -- the user rule that decided it, if any
            recorded_at TEXT NOT NULL
        );
        CREATE INDEX ledger_date ON ledger(date);
        CREATE INDEX ledger_rule ON ledger(rule);
        CREATE VIRTUAL TABLE ledger_fts USING fts5(folded, content='ledger', content_rowid='rowid');
        CREATE TRIGGER ledger_ai AFTER INSERT ON ledger BEGIN
            INSERT INTO ledger_fts(rowid, folded) VALUES (new.rowid, new.folded);
        END;
        CREATE TRIGGER ledger_ad AFTER DELETE ON ledger BEGIN
            INSERT INTO ledger_fts(ledger_fts, rowid, folded) VALUES ('delete', old.rowid, old.folded);
        END;
        CREATE TRIGGER ledger_au AFTER UPDATE OF folded ON ledger BEGIN
            INSERT INTO ledger_fts(ledger_fts, rowid, folded) VALUES ('delete', old.rowid, old.folded);
            INSERT INTO ledger_fts(rowid, folded) VALUES (new.rowid, new.folded);
        END;
        CREATE TABLE overrides(
            row_id TEXT PRIMARY KEY,
            category TEXT, merchant TEXT, budget TEXT,
            origin TEXT NOT NULL
        );
        CREATE TABLE memory(
            merchant_key TEXT NOT NULL, direction TEXT NOT NULL, category TEXT NOT NULL,
            merchant TEXT, count INTEGER NOT NULL,
            PRIMARY KEY(merchant_key, direction, category)
        );
        CREATE TABLE nb_feature(feature TEXT NOT NULL, category TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY(feature, category));
        CREATE TABLE nb_category(category TEXT PRIMARY KEY, documents INTEGER NOT NULL, tokens INTEGER NOT NULL);
        CREATE TABLE rules(
            id INTEGER PRIMARY KEY,
            text TEXT NOT NULL,
            origin TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE me(
            id INTEGER PRIMARY KEY,
            name TEXT,
            document_hmac TEXT,             -- HMAC-SHA256 of the document's visible digits
            document_mask TEXT,
            account TEXT
        );
        CREATE TABLE journal(
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,             -- teach, recategorize, rules
            summary TEXT NOT NULL,
            created_at TEXT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE journal_rows(
            journal_id INTEGER NOT NULL REFERENCES journal(id),
            seq INTEGER NOT NULL,
            tbl TEXT NOT NULL,
            key TEXT NOT NULL,
            before TEXT,                    -- JSON of the row before, NULL when it did not exist
            PRIMARY KEY(journal_id, seq)
        );
        """,
        // 2: rule ids are never reused (a removed r5 stays r5 in the history).
        """
        CREATE TABLE rules_v2(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            text TEXT NOT NULL,
            origin TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        INSERT INTO rules_v2(id, text, origin, created_at) SELECT id, text, origin, created_at FROM rules;
        DROP TABLE rules;
        ALTER TABLE rules_v2 RENAME TO rules;
        """,
        // 3: rows by merchant identity (what a taught rule would change), and each correction's features
        // (naive Bayes is calibrated by leave-one-out over them).
        """
        CREATE INDEX ledger_merchant_key ON ledger(merchant_key);
        CREATE TABLE nb_example(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            row_id TEXT NOT NULL,
            category TEXT NOT NULL,
            features TEXT NOT NULL          -- the row's naive-Bayes features, TAB-separated
        );
        """,
    ]

    /// Brings a database up to the latest schema of `steps` (the store's by default; the registry has its
    /// own, ``RegistrySchema``), all pending migrations in one transaction.
    static func migrate(_ db: Database, _ steps: [String] = all) throws {
        let all = steps
        func current() throws -> Int {
            let version = try db.prepare("PRAGMA user_version")
            _ = try version.step()
            defer { version.reset() }
            return Int(version.int(0))
        }
        guard try current() < all.count else { return }
        // Read the version again under the write lock: two processes opening a new store at once must
        // not both run migration 1.
        try db.transaction {
            let start = try current()
            guard start < all.count else { return }
            for index in start..<all.count {
                try db.execute(all[index])
                try db.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }
}
