import Testing
import GardenFoundation
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// A CSV read in its own conventions, or refused, never guessed (hostile10 F21, F27, F23). The files are the hostile
/// pass's own (`/work/wt/hostile10/repros/f21.sh`, `f27.sh`, `f23.sh` write them), copied here as text.
struct FileConventionTests {
    // MARK: F21 — an amount in the other decimal convention than the file's

    /// hostile10 F21: a file that writes `"1,234.56"` (commas group thousands, the point starts the decimals) and
    /// `"1,23"`; a pt-BR file that writes `-1.234,56` and `12.34`. The amount in the other convention is refused by line
    /// and field, the rest read.
    @Test(arguments: [
        ("Date,Description,Amount\n10/01/2026,Store A,\"1,234.56\"\n10/02/2026,Store B,\"-7.10\"\n10/03/2026,Store C,\"1,23\"\n",
         ["1234.56", "-7.10"],
         "test.csv:4: field \"Amount\": not an amount: \"1,23\" (this file writes 1,234.56: commas group thousands, the point starts the decimals)"),
        ("Data;Descrição;Valor\n01/10/2026;Loja A;-1.234,56\n02/10/2026;Loja B;-7,10\n03/10/2026;Loja C;12.34\n",
         ["-1234.56", "-7.10"],
         "test.csv:4: field \"Valor\": not an amount: \"12.34\" (this file writes 1.234,56: dots group thousands, the comma starts the decimals)"),
    ])
    func anAmountInTheOtherConventionThanTheFilesIsRefused(_ text: String, _ amounts: [String], _ error: String) {
        let result = ImportTestData.text(text)
        #expect(result.rows.compactMap(\.amountText) == amounts)
        #expect(result.errors.map(\.description) == [error])
    }

    /// Grouping in the file's own confirmed convention still reads (`1,234` where the point is the decimal mark is a
    /// thousand and more).
    @Test func theFilesOwnGroupingStillReads() {
        let point = ImportTestData.text("Date,Description,Amount\n10/01/2026,A,-7.10\n10/02/2026,B,\"1,234\"\n")
        #expect(point.errors.isEmpty)
        #expect(point.rows.compactMap(\.amountText) == ["-7.10", "1234.00"])
    }

    /// Amounts whose marks disagree with no amount that writes both (`"1,23"` and `7.10`) confirm no convention: each is
    /// read by its own marks, as before (the file says nothing to refuse them by).
    @Test func marksThatDisagreeWithoutAGroupedAmountConfirmNothing() {
        let result = ImportTestData.text("Date,Description,Amount\n10/01/2026,A,\"1,23\"\n10/02/2026,B,-7.10\n")
        #expect(result.errors.isEmpty)
        #expect(result.rows.compactMap(\.amountText) == ["1.23", "-7.10"])
    }

    /// A layout that states its mark (a dialect's `decimal=comma`) reads an amount exactly in it or refuses it: `12.34`
    /// is no `1.234`-style grouping, so not 1234 (what dropping every dot made of it).
    @Test func aStatedMarkReadsItsOwnConventionOnly() {
        #expect(AmountText.plain("12.34", mark: .comma) == nil)
        #expect(AmountText.plain("1.234,56", mark: .comma) == "1234.56")
        #expect(AmountText.plain("1.234.567", mark: .comma) == "1234567")
        #expect(AmountText.plain("1,23", mark: .point) == nil)
        #expect(AmountText.plain("-$7,971.39", mark: .point) == "-7971.39")
        #expect(AmountText.plain("1,23", mark: .auto, usual: .point) == "1.23")
        #expect(AmountText.plain("1,23", mark: .auto, usual: .point, confirmed: true) == nil)
        #expect(AmountText.plain("1,234", mark: .auto, usual: .point, confirmed: true) == "1234")
    }

    // MARK: F27 — dates that all read two ways

    /// hostile10 F27: `Date;Description;Amount` with `05/10/2026` … and decimal commas (a Brazilian app's English export):
    /// its `;` and its decimal commas outweigh the header's language, the dates are 5–7 October, and a note names the
    /// file, the order and why.
    @Test func dayFirstEvidenceOutweighsAnEnglishHeaderAndIsSaid() {
        let result = ImportTestData.text("Date;Description;Amount\n05/10/2026;PADARIA;-12,50\n06/10/2026;MERCADO;-30,00\n07/10/2026;FARMACIA;-8,00\n")
        #expect(result.errors.isEmpty)
        #expect(result.rows.compactMap(\.date) == ["2026-10-05", "2026-10-06", "2026-10-07"])
        let notes = result.notes.map(\.description)
        #expect(notes.contains("test.csv:2: field \"Date\": no date of the file shows its order (\"05/10/2026\" reads as day/month and as "
            + "month/day): dates read as day/month, from its ; separator and its decimal commas, against its header's language (en); "
            + "a day above 12 would have shown it"), "\(notes)")
    }

    /// The note is said whichever order is taken: a US export stays month/day (its language and its decimal points), a
    /// Portuguese `;` one day/month; a file whose dates show the order, or a bank's dialect, gets no such note.
    @Test(arguments: [
        ("Date,Description,Amount\n10/05/2026,A,-12.50\n10/06/2026,B,-3.00\n", ["2026-10-05", "2026-10-06"],
         "dates read as month/day, from its header's language (en) and its decimal points;"),
        ("Data;Descrição;Valor\n10/05/2026;A;-12,50\n", ["2026-05-10"],
         "dates read as day/month, from its header's language (pt), its ; separator and its decimal commas;"),
        ("Data,Descrição,Valor\n01/10/2026,PADARIA,-10.50\n", ["2026-10-01"],
         "dates read as day/month, from its header's language (pt), against its decimal points;"),
    ])
    func theOrderTakenIsSaid(_ text: String, _ dates: [String], _ said: String) {
        let result = ImportTestData.text(text)
        #expect(result.rows.compactMap(\.date) == dates)
        #expect(result.notes.contains { $0.description.contains(said) }, "\(result.notes)")
    }

    @Test func noNoteWhenTheFileShowsItsOrder() {
        let shown = ImportTestData.text("Date;Description;Amount\n05/10/2026;A;-12,50\n25/10/2026;B;-3,00\n")
        #expect(shown.rows.compactMap(\.date) == ["2026-10-05", "2026-10-25"])
        #expect(!shown.notes.contains { $0.description.contains("shows its order") })
    }

    // MARK: F4 — a Pluggy date at midnight UTC

    /// hostile10 F4 (`repros/f4.sh`'s page): `garden import` of a Pluggy page dated `2026-10-06T00:00:00.000Z` writes
    /// 6 October, the bank's date Pluggy wrote as midnight UTC, not the 5th.
    @Test func aPluggyPageDatedAtMidnightUTCKeepsItsDate() {
        let page = #"{"results":[{"id":"p1","description":"Padaria do Ze","currencyCode":"BRL","amount":-10.5,"date":"2026-10-06T00:00:00.000Z","type":"DEBIT","accountId":"acc1","status":"POSTED"},"#
            + #"{"id":"p2","description":"Mercado","currencyCode":"BRL","amount":-20,"date":"2026-10-06T01:30:00.000Z","type":"DEBIT","accountId":"acc1","status":"POSTED"}]}"#
        let result = ImportTestData.text(page, name: "p.json")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.rows.compactMap(\.date) == ["2026-10-06", "2026-10-05"])
    }

    // MARK: F23 — garden's own export read back

    /// hostile10 F23: garden's CSV export writes a `'` before a text a spreadsheet would run as a formula; its own dialect
    /// drops it again, so the export read back is the rows as recorded. A text that starts with `'` before such a
    /// character was exported with one more (`''=x`) and reads back as `'=x`; any other `'` stays.
    @Test func gardensOwnExportDropsItsFormulaGuard() {
        let header = "row_id,date,amount,currency,account,description,memo,merchant,merchant_kind,brand,category,category_name,budget,"
            + "confidence,review,review_reasons,flow,direction,source,rule,installment,link_ids,account_type\n"
        func line(_ id: String, _ description: String, _ memo: String) -> String {
            "\(id),2026-10-01,-10.00,BRL,c,\(description),\(memo),,unknown,,uncategorized,Uncategorized,,0.0,1,,expense,out,none,,,,\n"
        }
        let result = ImportTestData.text(header + line("f1", "'=SUM(A1)", "") + line("f2", "'-PIX ENVIADO JOANA", "") + line("f3", "'+55 11 99999 LOJA", "")
                                         + line("f4", "'@LOJA", "'=x") + line("f5", "''=x", "'abc"), name: "e.csv")
        #expect(result.readAs == "csv garden")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.rows.map(\.description) == ["=SUM(A1)", "-PIX ENVIADO JOANA", "+55 11 99999 LOJA", "@LOJA", "'=x"])
        #expect(result.rows.map(\.memo) == [nil, nil, nil, "=x", "'abc"])
    }

    /// Another bank's CSV keeps a leading `'` as written: only garden's own export guards its texts so.
    @Test func anotherLayoutKeepsALeadingApostrophe() {
        let result = ImportTestData.text("Date,Description,Amount\n10/01/2026,'=CAFE,-1.00\n")
        #expect(result.rows.map(\.description) == ["'=CAFE"])
    }
}
