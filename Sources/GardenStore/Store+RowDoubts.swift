import GardenFoundation
import GardenLedger
import GardenSQLite

/// Rows recorded apart that may be one purchase, where the evidence cannot decide (trust8a: hostile10 F7, F19, F24).
/// garden never makes two rows one on evidence that two real purchases also give (a change that makes two purchases one
/// row loses money silently; a double at least shows), but it says so: the row recorded now is flagged for review with a
/// reason naming the other row (``RowDoubt/reason``), and `resolve --record`'s closing lines name both.
///
/// - **A shared line** (``RowDoubt/Kind/sharedLine``): a file of an account the store does not know whose lines are rows
///   of an account it may be (``mayBeOneAccount(_:_:recordedNamedByFile:)``: two formats, a label and the unnamed
///   layout, two Pluggy connections) — but only 1 or 2 of them, fewer than ``attachMinimum``: two cards share a purchase
///   or two by chance (two subscriptions both pay, the same coffee), and so do an early sync of 2 rows and the month
///   (hostile10 F19) or two consecutive bills at their edge (F24). Each such line is recorded in the file's account,
///   flagged "may be the same purchase as ID of the account …".
/// - **A settlement at another amount read in one write** (``RowDoubt/Kind/settlement``): a pending row and a posted row
///   of the same account and merchant, both new in one write, that differ as an authorisation and its settlement differ
///   (``settlingScore(_:_:)``). Two pages read in one import (yesterday's with the purchase pending, today's with it
///   posted with the tip) and one page listing a pending purchase beside another one posted reach the store as the same
///   rows — the import's stream does not say where a page ends — so the posted row is flagged "may be the posting of the
///   pending row ID …" (hostile10 F7). In two writes the pending row is of an earlier write and is settled.
///
/// The flag stays when the same line is read again (``keepDoubts(_:)``); a person's correction or deletion of the row
/// ends it, as any review.
extension Store {
    /// A row recorded apart from a row it may be (see the extension's notes).
    public struct RowDoubt: Sendable, Equatable {
        /// Why the two rows may be one.
        public enum Kind: Sendable, Equatable {
            /// The same date, amount and text on two accounts that too few shared lines tell apart.
            case sharedLine
            /// A posted row at another amount than a pending row of the same merchant, both read in one write.
            case settlement
            /// A row of an unnamed layout's account (a CSV that names none) that a file stating its account took as its
            /// own line (``AccountKey/sameAccount(_:_:)``), where too few shared lines tell whether the accounts are one:
            /// the row moved (hostile10 F24: October's last 2 rows moved to November's OFX account).
            case movedLine
        }

        public var kind: Kind
        /// The row recorded now, flagged for review.
        public var rowID: String
        /// The row it may be: a recorded row (or one of the same write) of another account (``Kind/sharedLine``), or the
        /// pending row (``Kind/settlement``).
        public var otherID: String
        /// The name of the account of ``rowID`` as the ledger keeps it.
        public var account: String
        /// The name of the account of ``otherID`` as the ledger keeps it.
        public var otherAccount: String

        /// A doubt of `kind` about row `rowID` (of the account named `account`) and row `otherID` (of `otherAccount`).
        public init(kind: Kind, rowID: String, otherID: String, account: String, otherAccount: String) {
            self.kind = kind
            self.rowID = rowID
            self.otherID = otherID
            self.account = account
            self.otherAccount = otherAccount
        }

        /// The review reason the row recorded now carries (English, as every stored reason): `may be the same purchase
        /// as ID of the account "A": the same date, amount and text, and too few shared rows to tell whether the two
        /// accounts are one` or `may be the posting of the pending row ID at another amount (a tip, a
        /// pre-authorisation): both were read in one write`. Account names are shown as messages show them
        /// (``AccountName/shown(_:)``: a CPF or card number masked).
        public var reason: String {
            switch kind {
            case .sharedLine:
                Store.sharedLineReason + "\(otherID) of the account \"\(AccountName.shown(otherAccount))\": the same date, amount and text, "
                    + "and too few shared rows to tell whether the two accounts are one"
            case .settlement:
                Store.settlementReason + "\(otherID) at another amount (a tip, a pre-authorisation): both were read in one write"
            case .movedLine:
                Store.movedLineReason + "\"\(AccountName.shown(otherAccount))\" as the same line (the same date, amount and text); "
                    + "too few shared rows to tell whether the two accounts are one"
            }
        }
    }

    /// How a shared line's review reason begins (``RowDoubt/reason``).
    public static let sharedLineReason = "may be the same purchase as "
    /// How a moved line's review reason begins (``RowDoubt/reason``).
    public static let movedLineReason = "moved here from the account "
    /// How a settlement's review reason begins (``RowDoubt/reason``).
    public static let settlementReason = "may be the posting of the pending row "

    /// Flags `row` for review with `reason` (its resolution's `review` and `review_reasons`), once.
    static func flag(_ row: inout LedgerRow, reason: String) {
        guard var resolution = LedgerResolution(json: row.resolution), !resolution.reviewReasons.contains(reason) else { return }
        resolution.review = true
        resolution.reviewReasons.append(reason)
        row.resolution = resolution.json()
    }

    /// The account name a row about to be recorded carries (its line's `account`), or its key's when it names none.
    static func accountName(_ row: LedgerRow) -> String {
        let input = (row.entry ?? LedgerEntry(row)).input
        return input.account ?? input.accountKey ?? ""
    }

    /// A row read again whose recorded row carries a doubt (``RowDoubt/reason``) keeps it: the line is the same, and
    /// so is what could not be decided about it. One query per write, over the flagged rows.
    func keepDoubts(_ rows: inout [LedgerRow]) throws {
        let statement = try db.prepare("""
            SELECT row_id, review_reasons FROM ledger WHERE review = 1
                AND (review_reasons LIKE '%' || ?1 || '%' OR review_reasons LIKE '%' || ?2 || '%' OR review_reasons LIKE '%' || ?3 || '%')
            """).bind(.text(Self.sharedLineReason), .text(Self.settlementReason), .text(Self.movedLineReason))
        defer { statement.reset() }
        var kept: [String: [String]] = [:]
        while try statement.step() {
            guard let id = statement.text(0), let text = statement.text(1),
                  let doc = try? JSONScanner.parse(Array(text.utf8)), doc[doc.root].kind == .array else { continue }
            kept[id] = doc.children(of: doc.root).compactMap { doc.string($0) }
                .filter { $0.hasPrefix(Self.sharedLineReason) || $0.hasPrefix(Self.settlementReason) || $0.hasPrefix(Self.movedLineReason) }
        }
        guard !kept.isEmpty else { return }
        for index in rows.indices {
            for reason in kept[rows[index].rowID] ?? [] { Self.flag(&rows[index], reason: reason) }
        }
    }
}
