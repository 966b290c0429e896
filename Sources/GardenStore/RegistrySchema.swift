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
    ]
}
