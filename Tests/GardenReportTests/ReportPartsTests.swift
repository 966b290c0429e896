import Testing
import GardenFoundation
import GardenCatalog
@testable import GardenReport

/// The page's parts: escaping and masking, the chart's axis, money written for each language.
struct ReportPartsTests {
    @Test func textIsEscapedAndCPFsAreMasked() {
        var html = HTML()
        html.element("p", [("title", #"a "b" <c>"#)], text: "Loja & Cia <b> 123.456.789-09")
        #expect(html.text == #"<p title="a &quot;b&quot; &lt;c&gt;">Loja &amp; Cia &lt;b&gt; •••.456.789-••</p>"#)
    }

    /// hostile10 F16: a month whose categories add up past Int64 has no total (said on the page, never a clamped
    /// number), and a chart whose axis reaches Int64.max is drawn without a trap (its ticks used to overflow).
    @Test func aMonthPastInt64HasNoTotalAndTheChartDoesNotTrap() {
        let big = StackedBars.Series(name: "a", values: [Int64.max - 5, 10])
        let small = StackedBars.Series(name: "b", values: [10, 20])
        #expect(StackedBars.total([big, small], month: 0) == nil)
        #expect(StackedBars.total([big, small], month: 1) == 30)
        let chart = StackedBars(months: ["out", "nov"], series: [StackedBars.Series(name: "a", values: [Int64.max, 1])], title: "t") { value, _ in String(value) }
        #expect(chart.svg(width: 720, height: 300, fontSize: 13, className: "wide", id: "c").hasSuffix("</svg>"))
    }

    @Test(arguments: [(0, 100), (450, 100), (501, 200), (99_999, 20_000), (821_500, 200_000), (1_000_000, 200_000)] as [(Int64, Int64)])
    func theAxisStepsAreRoundAndFewerThanSix(maximum: Int64, step: Int64) {
        #expect(StackedBars.tickStep(maximum) == step)
        #expect(step * 5 >= maximum)
    }

    @Test(arguments: [
        (123_456, "BRL", Language.portuguese, "R$ 1.234,56"), (123_456, "BRL", .english, "R$1,234.56"),
        (-5, "BRL", .portuguese, "-R$ 0,05"), (123_456, "USD", .english, "$1,234.56"), (123_456, "USD", .portuguese, "US$ 1.234,56"),
        (1_000, "JPY", .english, "¥1,000"),
    ] as [(Int64, String, Language, String)])
    func moneyIsWrittenForTheLanguage(minor: Int64, currency: String, language: Language, text: String) {
        #expect(MoneyDisplay.text(minor, currency: currency, language: language) == text)
    }

    @Test func axisAmountsHaveNoFraction() {
        #expect(MoneyDisplay.text(120_000, currency: "BRL", language: .portuguese, whole: true) == "R$ 1.200")
        #expect(MoneyDisplay.decimal(-5, fractionDigits: 2) == "-0.05")
        #expect(MoneyDisplay.decimal(1_000, fractionDigits: 0) == "1000")
    }
}
