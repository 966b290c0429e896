import GardenStore
import GardenSQLite

/// The company registry's schema (its own database, never the user's store), as ordered migrations
/// like the store's. Codes are stored as integers (CNAE 7 digits, município, natureza jurídica,
/// situação cadastral) to keep about 60 million establishments small.
enum RegistrySchema {
    static let all: [String] = [
        // 1: establishments by CNPJ, companies by root, the code tables and an import log.
        """
        CREATE TABLE establishment(
            cnpj TEXT PRIMARY KEY,          -- 14 characters, upper case (alphanumeric since July 2026)
            trade_name TEXT,                -- nome fantasia, UTF-8
            status INTEGER,                 -- situação cadastral: 1 nula, 2 ativa, 3 suspensa, 4 inapta, 8 baixada
            main_cnae INTEGER,              -- CNAE fiscal principal, 7 digits
            secondary_cnae TEXT,            -- CNAE fiscal secundária, comma-separated as published
            municipality INTEGER,           -- Receita (SIAFI) município code
            uf TEXT
        ) WITHOUT ROWID;
        CREATE TABLE company(
            root TEXT PRIMARY KEY,          -- CNPJ básico, 8 characters
            legal_name TEXT NOT NULL,       -- razão social; an MEI's owner CPF removed
            owner_cpf_mask TEXT,            -- an MEI's owner CPF, masked (•••.482.613-••)
            legal_nature INTEGER            -- natureza jurídica, 4 digits
        ) WITHOUT ROWID;
        CREATE TABLE cnae(code INTEGER PRIMARY KEY, description TEXT NOT NULL);
        CREATE TABLE legal_nature(code INTEGER PRIMARY KEY, description TEXT NOT NULL);
        CREATE TABLE municipality(code INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE import_log(
            id INTEGER PRIMARY KEY,
            file TEXT NOT NULL,
            table_name TEXT NOT NULL,
            rows INTEGER NOT NULL,
            rejected INTEGER NOT NULL,
            imported_at TEXT NOT NULL
        );
        """,
        // 2: marks the file as a garden registry (SQLite application id "grRG"), so a command never
        // writes into a database that is not one.
        "PRAGMA application_id = \(applicationID)",
    ]

    /// The SQLite application id of a garden registry (bytes "grRG").
    static let applicationID: Int64 = 0x6772_5247

    /// Whether an open database is a garden registry: marked with ``applicationID``, or made by
    /// migration 1 before the mark existed (its tables and user version), or still empty.
    static func isRegistry(_ db: Database) throws -> Bool {
        func value(_ pragma: String) throws -> Int64 {
            let statement = try db.prepare("PRAGMA \(pragma)")
            _ = try statement.step()
            return statement.int(0)
        }
        if try value("application_id") == applicationID { return true }
        let tables = try db.prepare("SELECT name FROM sqlite_master").all { $0.text(0) ?? "" }
        if tables.isEmpty { return try value("user_version") == 0 && value("application_id") == 0 }
        return try value("user_version") == 1 && Set(tables).isSuperset(of: ["establishment", "company", "import_log"])
    }
}
