import GardenFoundation
import GardenCatalog

/// The stacked bar chart of categories over time, as inline SVG: one bar a month, one segment a series,
/// each series told apart by a colour *and* a pattern (solid, stripes, dots…), a total over each bar and
/// a `<title>` on each segment; the page puts the same numbers in a table beside it. Values are minor
/// units ≥ 0; `money` writes an amount (`whole`: an axis tick without fraction).
struct StackedBars {
    struct Series {
        var name: String
        /// One value a month, in the months' order.
        var values: [Int64]
    }

    var months: [String]
    var series: [Series]
    var title: String
    var money: (Int64, Bool) -> String

    /// Colours (Okabe–Ito, told apart by most colour-blind readers) and the pattern drawn over each.
    static let colours = ["#2E7D4F", "#E69F00", "#56B4E9", "#CC79A7", "#0072B2", "#D55E00", "#8C8C8C"]

    /// The pattern definitions every chart and legend swatch refers to (`url(#gp0)`…), in a hidden SVG.
    static func definitions() -> String {
        var out = #"<svg class="defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>"#
        let marks = [
            "",
            ##"<path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke="#fff" stroke-opacity=".6" stroke-width="1.6"/>"##,
            ##"<circle cx="4" cy="4" r="1.5" fill="#fff" fill-opacity=".7"/>"##,
            ##"<path d="M0,2 h8 M0,6 h8" stroke="#fff" stroke-opacity=".6" stroke-width="1.4"/>"##,
            ##"<path d="M0,0 l8,8 M8,0 l-8,8" stroke="#fff" stroke-opacity=".55" stroke-width="1.2"/>"##,
            ##"<path d="M2,0 v8 M6,0 v8" stroke="#fff" stroke-opacity=".6" stroke-width="1.4"/>"##,
            ##"<path d="M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" stroke="#fff" stroke-opacity=".6" stroke-width="1.6"/>"##,
        ]
        for (index, colour) in colours.enumerated() {
            out += #"<pattern id="gp\#(index)" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="\#(colour)"/>\#(marks[index])</pattern>"#
        }
        return out + "</defs></svg>"
    }

    /// A small square of series `index`'s fill, for the legend.
    static func swatch(_ index: Int) -> String {
        #"<svg class="swatch" viewBox="0 0 14 14" aria-hidden="true" focusable="false"><rect width="14" height="14" rx="3" fill="url(#gp\#(index % colours.count))"/></svg>"#
    }

    /// The sum of the series' values in `month`, nil when it does not fit Int64 minor units (or a value is negative:
    /// a sum already found not to fit); checked, never clamped (hostile10 F16: a clamped total drew the axis to
    /// Int64.max and its ticks overflowed).
    static func total(_ series: [Series], month: Int) -> Int64? {
        var sum: Int64 = 0
        for line in series {
            guard line.values[month] >= 0, let next = Money.adding(sum, line.values[month]) else { return nil }
            sum = next
        }
        return sum
    }

    /// The chart, `width` × `height` in SVG units (the page shows a wide one on laptops, a narrow one on phones).
    func svg(width: Double, height: Double, fontSize: Double, className: String, id: String) -> String {
        let left = fontSize * 5.4, right = 6.0, top = fontSize * 1.6, bottom = fontSize * 2.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let totals = months.indices.map { month in series.reduce(Int64(0)) { Money.saturating($0, $1.values[month]) } }
        let step = Self.tickStep(totals.max() ?? 0)
        let highest = totals.max() ?? 0
        let ceiling = max(step, Money.multiplying(highest / step + (highest % step == 0 ? 0 : 1), step) ?? Int64.max)
        func y(_ value: Int64) -> Double { top + plotHeight - Double(value) / Double(ceiling) * plotHeight }
        func f(_ value: Double) -> String { String(Double((value * 10).rounded()) / 10) }
        var out = #"<svg class="\#(className)" viewBox="0 0 \#(f(width)) \#(f(height))" role="img" aria-labelledby="\#(id)-t" font-size="\#(f(fontSize))">"#
        out += #"<title id="\#(id)-t">\#(HTML.escape(title))</title>"#
        var tick: Int64 = 0
        while tick <= ceiling {
            out += #"<line x1="\#(f(left))" x2="\#(f(width - right))" y1="\#(f(y(tick)))" y2="\#(f(y(tick)))" class="grid"/>"#
            out += #"<text x="\#(f(left - 4))" y="\#(f(y(tick) + fontSize * 0.35))" text-anchor="end" class="axis">\#(HTML.escape(money(tick, true)))</text>"#
            guard let next = Money.adding(tick, step) else { break }        // never past Int64, whatever the ceiling
            tick = next
        }
        let slot = plotWidth / Double(max(months.count, 1))
        let barWidth = min(slot * 0.62, fontSize * 4)
        for (month, label) in months.enumerated() {
            let x = left + slot * Double(month) + (slot - barWidth) / 2
            var base: Int64 = 0
            for (index, line) in series.enumerated() where line.values[month] > 0 {
                let top = Money.saturating(base, line.values[month])
                out += #"<rect x="\#(f(x))" y="\#(f(y(top)))" width="\#(f(barWidth))" height="\#(f(max(y(base) - y(top), 0.5)))" fill="url(#gp\#(index % Self.colours.count))" class="seg">"#
                out += "<title>\(HTML.escape(HTML.clean(line.name))), \(HTML.escape(label)): \(HTML.escape(money(line.values[month], false)))</title></rect>"
                base = top
            }
            // The total over the bar, where there is room for it (the table always has it).
            if totals[month] > 0, slot >= fontSize * 5.5 {
                out += #"<text x="\#(f(x + barWidth / 2))" y="\#(f(y(totals[month]) - fontSize * 0.4))" text-anchor="middle" class="total">\#(HTML.escape(money(totals[month], true)))</text>"#
            }
            out += #"<text x="\#(f(x + barWidth / 2))" y="\#(f(height - fontSize * 0.6))" text-anchor="middle" class="axis">\#(HTML.escape(label))</text>"#
        }
        return out + "</svg>"
    }

    /// A round step (1, 2 or 5 × 10ⁿ minor units) giving at most five grid lines up to `maximum`.
    static func tickStep(_ maximum: Int64) -> Int64 {
        var magnitude: Int64 = 100
        while true {
            for factor: Int64 in [1, 2, 5] {
                let (step, overflow) = magnitude.multipliedReportingOverflow(by: factor)
                if overflow { return Int64.max / 5 }
                if step >= maximum / 5 + (maximum % 5 == 0 ? 0 : 1) { return step }
            }
            let (next, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return Int64.max / 5 }
            magnitude = next
        }
    }
}
