import GardenSQLite
/// The store's schema as ordered migrations; `PRAGMA user_version` records how many have run. A
/// migration never changes once released: later changes are new migrations appended here.
package enum Migrations {
    package static let all: [String] = [
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
        // 3: linking (issue 14). link_dirty lists every row recorded or changed (the triggers), link_state
        // says how far `garden link` has examined it; link_facts is what linking reads of each row (a
        // cache rebuilt from the ledger); links and link_rows hold the links found.
        """
        CREATE TABLE link_dirty(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            row_id TEXT NOT NULL,
            new INTEGER NOT NULL DEFAULT 0  -- 1: the row was inserted (so in no link yet)
        );
        INSERT INTO link_dirty(row_id, new) SELECT row_id, 1 FROM ledger ORDER BY rowid;
        CREATE TRIGGER link_dirty_ai AFTER INSERT ON ledger BEGIN
            INSERT INTO link_dirty(row_id, new) VALUES (new.row_id, 1);
        END;
        CREATE TRIGGER link_dirty_au AFTER UPDATE OF raw, resolution, merchant_key ON ledger BEGIN
            INSERT INTO link_dirty(row_id) VALUES (new.row_id);
        END;
        CREATE TABLE link_state(name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TABLE link_facts(
            row_id TEXT PRIMARY KEY,
            date TEXT NOT NULL, day INTEGER NOT NULL,
            amount INTEGER NOT NULL,        -- signed minor units
            currency TEXT NOT NULL, account TEXT, direction TEXT, flow TEXT NOT NULL, category TEXT NOT NULL,
            budget TEXT, budget_name TEXT, party TEXT, party_name TEXT, is_person INTEGER NOT NULL, nature TEXT NOT NULL,
            rail TEXT, e2e TEXT, me INTEGER NOT NULL, inst_number INTEGER, inst_total INTEGER, purchase_date TEXT,
            plan_total INTEGER, foreign_ INTEGER NOT NULL, plan TEXT
        );
        CREATE INDEX link_facts_day ON link_facts(day);
        CREATE INDEX link_facts_party ON link_facts(party, direction, day) WHERE party IS NOT NULL;
        CREATE INDEX link_facts_e2e ON link_facts(e2e) WHERE e2e IS NOT NULL;
        CREATE INDEX link_facts_plan ON link_facts(plan) WHERE plan IS NOT NULL;
        CREATE TABLE links(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            key TEXT NOT NULL UNIQUE,       -- kind + rows, or the plan / series key
            kind TEXT NOT NULL, status TEXT NOT NULL,
            confidence INTEGER NOT NULL,    -- per mille
            effect INTEGER NOT NULL,        -- signed minor units added to the primary row's net amount
            rows TEXT NOT NULL,             -- row ids, tab-separated, primary first
            evidence TEXT NOT NULL,         -- one sentence a line
            detail TEXT                     -- the installment plan or recurring series, JSON
        );
        CREATE TABLE link_rows(row_id TEXT NOT NULL, link_id INTEGER NOT NULL, PRIMARY KEY(row_id, link_id)) WITHOUT ROWID;
        CREATE INDEX link_rows_link ON link_rows(link_id);
        """,
        // 4: rows by merchant identity (what a taught rule would change), and each correction's features
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
        // 5: new ledger rows reach the full-text index in one statement per write transaction
        // (``Store/record(_:generation:reresolve:)``), not through a trigger per row: SQLite 3.40's FTS5
        // writes its pending terms to disk at every statement savepoint, so a trigger made one index
        // segment per row. An update re-indexes a row only when its folded descriptor changed.
        """
        DROP TRIGGER ledger_ai;
        DROP TRIGGER ledger_au;
        CREATE TRIGGER ledger_au AFTER UPDATE OF folded ON ledger WHEN old.folded IS NOT new.folded BEGIN
            INSERT INTO ledger_fts(ledger_fts, rowid, folded) VALUES ('delete', old.rowid, old.folded);
            INSERT INTO ledger_fts(rowid, folded) VALUES (new.rowid, new.folded);
        END;
        """,
        // 6: the rule index holds only rows a user rule decided (most rows have none): every query of it
        // asks for a rule (`rule IS NOT NULL`, `rule = ?`), and the full index took 9 bytes a ledger row.
        """
        DROP INDEX ledger_rule;
        CREATE INDEX ledger_rule ON ledger(rule) WHERE rule IS NOT NULL;
        """,
        // 7: the input line and the resolution in one `body` (``LedgerBody``: shapes stored once in
        // ledger_shape, the values compressed together, values equal to a column referred to; rows of an
        // older store are converted into format 3, which migration 8 reads into plain columns); merchant
        // keys, categories and sources stored once in ledger_term and named by id (the view ledger_named
        // shows the rows with them as text); the time recorded once per write (ledger_batch), not per row. The rows are converted by
        // ``Store/convertLedgerToBodies(_:)`` into ledger_v7, which then replaces the ledger
        // (``ledgerV7Finish``), keeping every rowid, so the full-text index stays as it is.
        """
        CREATE TABLE ledger_shape(id INTEGER PRIMARY KEY, shape BLOB NOT NULL UNIQUE);
        CREATE TABLE ledger_batch(id INTEGER PRIMARY KEY, recorded_at TEXT NOT NULL);
        CREATE TABLE ledger_term(id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE);
        CREATE TABLE ledger_v7(
            row_id TEXT PRIMARY KEY,
            body BLOB NOT NULL,             -- the input line (CPFs masked, without "resolution") and the resolution
            folded TEXT NOT NULL,           -- the folded descriptor (what rules match), indexed by ledger_fts
            merchant_key_term INTEGER,      -- ledger_term: the merchant identity (brand:<id>, cnpj:<root>, line:<category>, name:<words>)
            direction TEXT,
            date TEXT,
            category_term INTEGER NOT NULL, -- ledger_term: the category id
            source_term INTEGER NOT NULL,   -- ledger_term: the resolver that decided the category
            rule TEXT,                      -- the user rule that decided it, if any
            batch INTEGER                   -- the write that recorded it (ledger_batch)
        );
        """,
        // 8 (plainLedger, issue 23): the ledger readable with sqlite3 alone. Every column a user asks about is
        // a plain column (the input's amount, currency, account, description and memo as garden read them;
        // the resolution's fields), and the view `transactions` shows them by name; ledger_shape and
        // ledger_term go. The resolution is kept as text only when the columns cannot write it back byte for
        // byte (``LedgerColumns``). The rows are converted by ``Store/convertLedgerToColumns(_:)`` into
        // ledger_v8, which then replaces the ledger (``ledgerV8Finish``), keeping every rowid and write.
        """
        CREATE TABLE ledger_v8(
            row_id TEXT PRIMARY KEY,
            date TEXT,                      -- YYYY-MM-DD, the row's local date
            merchant_key TEXT,              -- the merchant identity (brand:<id>, cnpj:<root>, line:<category>, name:<words>)
            rule TEXT,                      -- the user rule that decided the category, if any
            category TEXT NOT NULL,         -- the category id
            source TEXT NOT NULL,           -- the resolver that decided the category
            direction TEXT,                 -- out, in, or NULL when unknown
            folded TEXT NOT NULL,           -- the folded descriptor (what rules match), indexed by ledger_fts
            raw TEXT NOT NULL,              -- the input line, CPFs masked, without "resolution"
            resolution_json TEXT,           -- the resolution as given, only when the columns below cannot write it back exactly
            amount INTEGER,                 -- signed minor units (negative: money out)
            minor_digits INTEGER,           -- the currency's digits after the decimal mark (ISO 4217: 2 for BRL, 0 for JPY)
            currency TEXT,
            account TEXT,
            description TEXT,               -- the descriptor as printed (the counterparty's name when there is none)
            memo TEXT,
            merchant TEXT, merchant_kind TEXT, brand TEXT, intermediary TEXT, seller TEXT,
            document TEXT,                  -- a formatted CNPJ or a masked CPF
            merchant_confidence INTEGER,    -- per mille
            merchant_source TEXT,
            category_name TEXT,             -- in the language the row was recorded in
            confidence INTEGER,             -- the category's, per mille
            budget TEXT, budget_name TEXT,
            review INTEGER NOT NULL DEFAULT 0,
            review_reasons TEXT,            -- a JSON array of texts, NULL when there are none
            installment_number INTEGER, installment_total INTEGER,
            flow TEXT,                      -- expense, income, transfer, refund
            batch INTEGER                   -- the write that recorded it (ledger_batch)
        );
        """,
        // 9 (userBudgets, issue 24): the budgets the user set (`garden budgets set/remove`: a default budget
        // changed or removed, or a new one), merchants assigned to a budget by identity key, and settings
        // such as the day the pay cycle starts. Journaled (``JournalChange/budget(id:)`` and the others).
        """
        CREATE TABLE user_budgets(
            id TEXT PRIMARY KEY,
            name TEXT,                      -- NULL: the default budget's names
            limit_minor INTEGER,            -- minor units of currency a cycle; NULL: no limit
            currency TEXT,
            categories TEXT,                -- comma-separated category ids or groups; NULL: the default's
            rollover INTEGER NOT NULL DEFAULT 0,
            rollover_from TEXT,             -- YYYY-MM: the first cycle whose left-over carries
            removed INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE budget_merchants(
            merchant_key TEXT PRIMARY KEY,  -- the merchant identity (brand:<name>, cnpj:<root>, name:<words>)
            budget TEXT NOT NULL,
            label TEXT NOT NULL             -- the name the user gave
        );
        CREATE TABLE settings(name TEXT PRIMARY KEY, value TEXT NOT NULL);
        """,
        // 10 (merchantLinks, issue 25): printed forms the user made one merchant with another (`garden merchants
        // merge`) or kept apart from a similar name (`garden merchants split`), journaled (``JournalChange/merchantLink(key:)``);
        // and the words of taught names, which printed variants are compared with (``MerchantSimilarity``).
        """
        CREATE TABLE merchant_links(
            merchant_key TEXT PRIMARY KEY,  -- a printed form's own identity key (name:<words>, brand:<name>…)
            follows TEXT,                   -- the identity it is one merchant with; NULL: split, it follows no similar name
            origin TEXT NOT NULL            -- who set it and when
        );
        CREATE TABLE merchant_names(
            merchant_key TEXT PRIMARY KEY,  -- a taught name's identity key (name:<words glued>)
            words TEXT NOT NULL             -- its words, space-separated: what a printed variant is compared with
        );
        """,
        // 11 (unsettledRowsAndFactBanks, issue 20): ledger rows not posted yet (pending, scheduled), each with the
        // key its posted twin shares (account, currency, direction, amount, merchant) and, once the posted row
        // took its place, that row's own id (``Store/settle(_:)``); the banks of link facts.
        """
        CREATE TABLE unsettled_rows(
            row_id TEXT PRIMARY KEY,        -- the ledger row: the pending row's id, kept when its posted row takes its place
            twin_key TEXT NOT NULL,
            date TEXT,                      -- the pending row's date (YYYY-MM-DD)
            posted_id TEXT UNIQUE           -- the posted row's own id, once settled
        );
        CREATE INDEX unsettled_open ON unsettled_rows(twin_key) WHERE posted_id IS NULL;
        -- The bank of a row's account and the bank it names, so transfer pairs pair by the bank each side names
        -- (LinkFacts.bank, namedBank); rows examined before have none until they are examined again.
        ALTER TABLE link_facts ADD COLUMN bank TEXT;
        ALTER TABLE link_facts ADD COLUMN named_bank TEXT;
        """,
        // 12 (rowAliases, issue 33): other ids a ledger row is known by: a pending row read after its posted twin
        // was recorded (kind `pending`: the posted row stands, the pending id names it) and the same bank line read
        // again under another id (kind `line`: another file or format of the same statement, ``Store/reconcile(_:)``).
        """
        CREATE TABLE row_aliases(
            alias TEXT PRIMARY KEY,         -- an id given to a row that the ledger keeps under another one
            row_id TEXT NOT NULL,           -- the ledger row it names
            kind TEXT NOT NULL              -- pending | line
        );
        CREATE INDEX row_aliases_row ON row_aliases(row_id);
        """,
        // 13 (lineIdentities, issue 33): rows an older garden recorded from bank files under its ids (`ofx:<ACCTID>:<FITID>`,
        // `csv:<account or dialect>:…`) are known by the id the one rule gives them now (``BankLineKey``, `row_aliases`
        // kind `line`: ``Store/aliasLineIdentities(_:)``), so reading their files again updates them instead of adding
        // them again; no row is changed or removed. Link facts keep the file's own id of a row (`source_id`: an IOF line
        // Nubank prints under its purchase's FITID).
        """
        ALTER TABLE link_facts ADD COLUMN source_id TEXT;
        CREATE INDEX link_facts_source ON link_facts(source_id) WHERE source_id IS NOT NULL;
        """,
        // 14 (resolvedUnder, issue 38): what a row's resolution was made under — a fingerprint of its id, its stored input
        // line and everything else that decides how it resolves (``Store/forEachLedgerRow(since:unless:unchanged:_:)``), so
        // `recategorize` skips a row whose fingerprint is the one it would resolve it under. NULL: not known (a row written
        // by anything else than a fresh resolution of its stored line); such a row is always resolved again.
        """
        ALTER TABLE ledger ADD COLUMN resolved_under INTEGER;
        """,
        // 15 (accounts, issues 33 and 36): each account's identity apart from its name (``AccountKey``: what its file
        // states, `ofx:<BANKID>/<ACCTID>`, `pluggy:<id>`; a layout's default, `file:csv/nubank_card`), the name rows
        // carry in `ledger.account` (unique: a rename changes it on every row) and its type (checking, savings,
        // credit_card, investment). The accounts an older garden recorded are known by their name (`name:<account>`),
        // with no type: every row reads as before.
        """
        CREATE TABLE accounts(
            key TEXT PRIMARY KEY,           -- the account's identity (AccountKey)
            name TEXT NOT NULL UNIQUE,      -- what rows carry in ledger.account and the exports show
            type TEXT,                      -- checking | savings | credit_card | investment; NULL: not known
            named_by TEXT NOT NULL DEFAULT 'file'  -- file (its file's or garden's default name) | user (--account, accounts rename)
        );
        INSERT OR IGNORE INTO accounts(key, name) SELECT DISTINCT 'name:' || account, account FROM ledger WHERE account IS NOT NULL;
        """,
        // 16 (accountAliases, issue 33): other identities an account is known by — a later `--account` label on a file that
        // names none, when the file is the month recorded before without one, or an aggregator's account id, when its
        // rows are the month an OFX recorded (``Store/attachAccounts(_:)``): the same account, never a second one.
        """
        CREATE TABLE account_aliases(
            key TEXT PRIMARY KEY,           -- an AccountKey of another file or label
            account TEXT NOT NULL           -- accounts.key of the account it names
        );
        """,
        // 17 (rowEdits, issue 33): the rows the user corrected (`garden row correct`: amount, date, description...) or
        // deleted (`garden row delete`). The same line recorded again from a later, overlapping export keeps the
        // correction and stays deleted: the file's line is the line the user already settled (``Store/recordRows``).
        """
        CREATE TABLE row_edits(
            row_id TEXT PRIMARY KEY,        -- the ledger row's id (a deleted row's id once it is gone)
            kind TEXT NOT NULL CHECK (kind IN ('corrected', 'deleted'))
        );
        """,
        // 18 (accountNames, issue 33 B25): an account's name compares as ``AccountKey/fold(_:)`` makes it (NFC, spaces,
        // lower case), so the `--account` label inside a key is folded: `file:csv/nubank_card@Nubank` becomes
        // `…@nubank` (``Store/foldAccountLabels(_:)``), and `--account nubank` is that account. Nothing else changes.
        "-- its work is its conversion, Store.foldAccountLabels",
        // 19 (rowMoves, hostile10 F13): the account a row was on before the user moved it (`garden row correct --account`),
        // so the month read again — in any format — finds the moved row as a recorded line of that account (kept where
        // the user put it) instead of recording the line a second time in the file's account. NULL: not moved.
        // `row_edits.moved_from TEXT`: accounts.key of the row's account before the move. And (hostile10 F26) each row an
        // older garden recorded from a file whose UTF-8 was read as Windows-1252 is also known by the id its repaired text
        // gives: garden import now makes the id from the repaired text. Both in its conversion (Store.moveRowsAndRepairIDs:
        // the column added unless a store already has it).
        "-- its work is its conversion, Store.moveRowsAndRepairIDs",
    ]

    /// What migration 8 runs after converting the rows: the converted table replaces the ledger, with its
    /// indexes and triggers, and the view `transactions` (README "The ledger in SQL").
    static let ledgerV8Finish = """
        DROP VIEW ledger_named;
        DROP TABLE ledger;
        ALTER TABLE ledger_v8 RENAME TO ledger;
        DROP TABLE ledger_shape;
        DROP TABLE ledger_term;
        CREATE INDEX ledger_date ON ledger(date);
        CREATE INDEX ledger_rule ON ledger(rule) WHERE rule IS NOT NULL;
        CREATE INDEX ledger_merchant_key ON ledger(merchant_key);
        CREATE INDEX ledger_review ON ledger(date) WHERE review = 1;
        CREATE TRIGGER ledger_ad AFTER DELETE ON ledger BEGIN
            INSERT INTO ledger_fts(ledger_fts, rowid, folded) VALUES ('delete', old.rowid, old.folded);
        END;
        CREATE TRIGGER ledger_au AFTER UPDATE OF folded ON ledger WHEN old.folded IS NOT new.folded BEGIN
            INSERT INTO ledger_fts(ledger_fts, rowid, folded) VALUES ('delete', old.rowid, old.folded);
            INSERT INTO ledger_fts(rowid, folded) VALUES (new.rowid, new.folded);
        END;
        CREATE TRIGGER link_dirty_ai AFTER INSERT ON ledger BEGIN
            INSERT INTO link_dirty(row_id, new) VALUES (new.row_id, 1);
        END;
        CREATE TRIGGER link_dirty_au AFTER UPDATE OF raw, resolution_json, merchant_key, category, direction, flow, merchant, brand, document,
            budget, installment_number ON ledger BEGIN
            INSERT INTO link_dirty(row_id) VALUES (new.row_id);
        END;
        CREATE VIEW transactions AS SELECT
            l.row_id AS row_id,
            l.date AS date,
            CASE WHEN l.amount IS NULL THEN NULL WHEN l.scale = 1 THEN CAST(l.amount AS TEXT)
                 ELSE (CASE WHEN l.amount < 0 THEN '-' ELSE '' END) || (abs(l.amount) / l.scale) || '.'
                      || substr(CAST(l.scale + abs(l.amount) % l.scale AS TEXT), 2) END AS amount,
            l.amount AS amount_minor,
            l.currency AS currency,
            l.account AS account,
            l.description AS description,
            l.memo AS memo,
            l.merchant AS merchant,
            l.merchant_kind AS merchant_kind,
            l.brand AS brand,
            COALESCE(CASE WHEN l.document GLOB '[0-9A-Z][0-9A-Z].[0-9A-Z][0-9A-Z][0-9A-Z].[0-9A-Z][0-9A-Z][0-9A-Z]/[0-9A-Z][0-9A-Z][0-9A-Z][0-9A-Z]-[0-9][0-9]'
                          THEN replace(substr(l.document, 1, 10), '.', '') END,
                     CASE WHEN l.merchant_key LIKE 'cnpj:%' THEN substr(l.merchant_key, 6) END) AS cnpj_root,
            l.category AS category,
            l.category_name AS category_name,
            l.budget AS budget,
            l.budget_name AS budget_name,
            l.confidence / 1000.0 AS confidence,
            l.review AS review,
            COALESCE(l.review_reasons, '[]') AS review_reasons,
            l.flow AS flow,
            l.direction AS direction,
            l.source AS source,
            l.rule AS rule,
            l.installment_number AS installment_number,
            l.installment_total AS installment_total,
            (SELECT json_group_array(r.link_id) FROM (SELECT link_id FROM link_rows WHERE row_id = l.row_id ORDER BY link_id) r) AS link_ids,
            l.intermediary AS intermediary,
            l.seller AS seller,
            l.document AS document,
            l.merchant_key AS merchant_key,
            (SELECT recorded_at FROM ledger_batch b WHERE b.id = l.batch) AS recorded_at,
            COALESCE(l.resolution_json, json_object(
                'merchant', json_object('name', l.merchant, 'kind', l.merchant_kind, 'brand', l.brand, 'intermediary', l.intermediary,
                    'seller', l.seller, 'document', l.document, 'confidence', json(\(Self.confidenceText("l.merchant_confidence"))),
                    'source', l.merchant_source),
                'category', json_object('id', l.category, 'name', l.category_name, 'confidence', json(\(Self.confidenceText("l.confidence"))),
                    'source', l.source),
                'budget', CASE WHEN l.budget IS NULL THEN NULL ELSE json_object('id', l.budget, 'name', l.budget_name) END,
                'review', json(CASE WHEN l.review THEN 'true' ELSE 'false' END),
                'review_reasons', json(COALESCE(l.review_reasons, '[]')),
                'installment', CASE WHEN l.installment_number IS NULL THEN NULL
                                    ELSE json_object('number', l.installment_number, 'total', l.installment_total) END,
                'direction', l.direction, 'flow', l.flow, 'row_id', l.row_id)) AS resolution
        FROM (SELECT *, CASE minor_digits WHEN 0 THEN 1 WHEN 1 THEN 10 WHEN 3 THEN 1000 WHEN 4 THEN 10000 ELSE 100 END AS scale FROM ledger) l;
        """

    /// SQL writing a per-mille confidence as ``Confidence`` prints it (`0.9`, `0.85`, `1.0`, `0.0`).
    static func confidenceText(_ column: String) -> String {
        "(COALESCE(\(column), 0) / 1000) || '.' || COALESCE(NULLIF(rtrim(printf('%03d', COALESCE(\(column), 0) % 1000), '0'), ''), '0')"
    }

    /// What migration 7 runs after converting the rows: the converted table replaces the ledger, with
    /// the ledger's indexes and triggers (the link triggers now watch `body`).
    static let ledgerV7Finish = """
        DROP TABLE ledger;
        ALTER TABLE ledger_v7 RENAME TO ledger;
        CREATE INDEX ledger_date ON ledger(date);
        CREATE INDEX ledger_rule ON ledger(rule) WHERE rule IS NOT NULL;
        CREATE INDEX ledger_merchant_key ON ledger(merchant_key_term);
        CREATE VIEW ledger_named AS
            SELECT l.rowid AS rowid, l.row_id, l.body, l.folded, m.term AS merchant_key, l.direction, l.date, c.term AS category,
                   s.term AS source, l.rule, l.batch
            FROM ledger l LEFT JOIN ledger_term m ON m.id = l.merchant_key_term JOIN ledger_term c ON c.id = l.category_term
                JOIN ledger_term s ON s.id = l.source_term;
        CREATE TRIGGER ledger_ad AFTER DELETE ON ledger BEGIN
            INSERT INTO ledger_fts(ledger_fts, rowid, folded) VALUES ('delete', old.rowid, old.folded);
        END;
        CREATE TRIGGER ledger_au AFTER UPDATE OF folded ON ledger WHEN old.folded IS NOT new.folded BEGIN
            INSERT INTO ledger_fts(ledger_fts, rowid, folded) VALUES ('delete', old.rowid, old.folded);
            INSERT INTO ledger_fts(rowid, folded) VALUES (new.rowid, new.folded);
        END;
        CREATE TRIGGER link_dirty_ai AFTER INSERT ON ledger BEGIN
            INSERT INTO link_dirty(row_id, new) VALUES (new.row_id, 1);
        END;
        CREATE TRIGGER link_dirty_au AFTER UPDATE OF body, merchant_key_term ON ledger BEGIN
            INSERT INTO link_dirty(row_id) VALUES (new.row_id);
        END;
        """

    /// Work in Swift that a migration needs after its SQL (by migration number, from 1).
    static let conversions: [Int: @Sendable (Database) throws -> Void] = [
        7: { db in
            try Store.convertLedgerToBodies(db)
            try db.execute(ledgerV7Finish)
        },
        8: { db in
            try Store.convertLedgerToColumns(db)
            try db.execute(ledgerV8Finish)
        },
        13: { db in try Store.aliasLineIdentities(db) },
        18: { db in try Store.foldAccountLabels(db) },
        19: { db in try Store.moveRowsAndRepairIDs(db) },
    ]

    /// Brings a database up to the latest schema of `steps` (the store's by default; the registry has its
    /// own, ``RegistrySchema``), all pending migrations in one transaction.
    /// - Parameter applicationID: the `application_id` marking the file as garden's store (nil: none,
    ///   for other databases such as the company registry).
    package static func migrate(_ db: Database, _ steps: [String] = all, conversions: [Int: @Sendable (Database) throws -> Void] = conversions,
                        applicationID: Int64? = StoreOwnership.applicationID) throws {
        let all = steps
        func current() throws -> Int {
            let version = try db.prepare("PRAGMA user_version")
            _ = try version.step()
            defer { version.reset() }
            return Int(version.int(0))
        }
        let marked = try applicationID.map { try StoreOwnership.integer(db, "PRAGMA application_id") == $0 } ?? true
        guard try current() < all.count || !marked else { return }
        // Read the version again under the write lock: two processes opening a new store at once must
        // not both run migration 1.
        try db.transaction {
            let start = try current()
            for index in min(start, all.count)..<all.count {
                try db.execute(all[index])
                try conversions[index + 1]?(db)
                try db.execute("PRAGMA user_version = \(index + 1)")
            }
            // Marks the file as garden's (stores made before the mark get it on their next write).
            if let applicationID { try db.execute("PRAGMA application_id = \(applicationID)") }
        }
    }
}
