import Foundation
import GardenFoundation
import GardenCatalog
import GardenLinking
import GardenStore
import GardenFiles

/// The month at a glance as one self-contained HTML page (issue 24): inline CSS and SVG, no script, no
/// font or image fetched; headings in order; a table with headers behind every chart; colour never the
/// only signal (words, patterns and numbers say the same); amounts written for the language; every CPF
/// masked. Sections: the month, categories over time, who was paid, commitments, to review, insights.
public struct ReportPage {
    public let page: MonthPage
    let t: ReportText

    public init(_ page: MonthPage) {
        self.page = page
        t = ReportText.of(page.language)
    }

    /// `minorUnits` of `currency` written for the page's language.
    func money(_ minorUnits: Int64, _ currency: String, whole: Bool = false) -> String {
        MoneyDisplay.text(minorUnits, currency: currency, language: page.language, whole: whole)
    }

    /// An amount element: `<span class="amt" data-minor="…">R$ 1.234,56</span>` (the minor units beside the
    /// text, so a test can hold the page to `garden budgets --json`).
    func amount(_ minorUnits: Int64, _ currency: String, _ html: inout HTML, plus: Bool = false) {
        html.element("span", [("class", plus ? "amt plus" : "amt"), ("data-minor", String(minorUnits)), ("data-currency", currency)],
                     text: (plus && minorUnits > 0 ? "+" : "") + money(minorUnits, currency))
    }

    /// A date for people: 15/11/2026 (pt), Nov 15, 2026 (en).
    func day(_ date: String) -> String {
        guard let number = CivilDay.number(date) else { return date }
        let (y, m, d) = CivilDay.civil(number)
        if page.language == .english {
            return "\(t.months[m - 1].prefix(3)) \(d), \(y)"
        }
        return (d < 10 ? "0" : "") + "\(d)/" + (m < 10 ? "0" : "") + "\(m)/\(y)"
    }

    /// The month's name and year ("Outubro de 2026").
    var title: String {
        let parts = page.plan.report.month.split(separator: "-")
        let month = Int(parts.last ?? "1") ?? 1
        return t.monthTitle(t.months[max(0, min(11, month - 1))], String(parts.first ?? ""))
    }

    /// Whether the file at `path` is a page ``render()`` wrote (what `report --out FILE --force` may replace): it
    /// begins with `<!doctype html>` and names garden as its generator in its head.
    public static func isOwnFile(_ path: String) -> Bool {
        guard let bytes = OutputTarget.leadingBytes(path, count: 512) else { return false }
        let head = String(decoding: bytes, as: UTF8.self)
        return head.hasPrefix("<!doctype html>\n") && head.contains(#"<meta name="generator" content="garden "#)
    }

    /// The whole document, every CPF masked once more over the finished text.
    public func render() -> String {
        var html = HTML()
        html.raw("<!doctype html>\n")
        html.open("html", [("lang", t.lang)])
        html.raw(#"<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">"#)
        html.raw(#"<meta name="color-scheme" content="light dark"><meta name="generator" content="garden \#(HTML.escape(page.version))">"#)
        html.element("title", text: "garden — " + title)
        html.raw("<style>\n" + ReportStyle.css + "\n</style></head><body>")
        html.raw(StackedBars.definitions())
        html.open("main")
        header(&html)
        month(&html)
        categories(&html)
        merchants(&html)
        commitments(&html)
        if let review = page.review { self.review(review, &html) }
        insights(&html)
        html.element("footer") { $0.element("p", text: t.madeOn(day(page.today), page.version)) }
        html.raw("</main></body></html>\n")
        return HTML.clean(html.text)
    }

    func header(_ html: inout HTML) {
        html.element("header") { html in
            html.element("h1", text: title)
            let cycle = page.plan.report.cycle
            html.element("p", [("class", "sub")], text: t.cycleRange(day(cycle.firstDate), day(cycle.lastDate)))
        }
    }

    /// `<section aria-labelledby="id"><h2 id="id">title</h2>…</section>`.
    func section(_ id: String, _ heading: String, _ html: inout HTML, _ body: (inout HTML) -> Void) {
        html.element("section", [("aria-labelledby", id), ("id", "s-" + id)]) { html in
            html.element("h2", [("id", id)], text: heading)
            body(&html)
        }
    }

    /// A table: caption, header cells (`num`: right-aligned), then rows written by `body`.
    func table(_ caption: String?, _ headers: [(String, Bool)], _ html: inout HTML, id: String? = nil, _ body: (inout HTML) -> Void) {
        html.open("div", [("class", "scroll")])
        html.open("table", id.map { [("id", $0)] } ?? [])
        if let caption { html.element("caption", text: caption) }
        html.element("thead") { html in
            html.element("tr") { html in
                for (text, numeric) in headers { html.element("th", [("scope", "col")] + (numeric ? [("class", "num")] : []), text: text) }
            }
        }
        body(&html)
        html.close("table")
        html.close("div")
    }
}
