/// A long job's progress on stderr — rows done, the rate and, when the total or the share of the input read
/// is known, the time left (`garden: recategorize: 120,000 of 300,000 rows, 18,204 rows/s, 10 s left`) —
/// redrawn in place about once a second, only when stderr is a terminal (never in a pipe, a test or CI)
/// and the command was not given `--quiet`; the line is cleared when the job ends.
package final class Progress {
    private let env: Environment
    private let job: String
    /// Rows the job will do, when known.
    package var total: Int?
    /// The share of the input read so far (bytes read of a file's size), when known: gives the time left
    /// without a row count.
    package var share: (() -> Double?)?
    package let enabled: Bool
    private(set) var done = 0
    private let started: Double
    private var shownAt: Double
    private var shown = false

    /// The `--quiet` flag every command with progress takes.
    package static let quietOption = CommandOption("--quiet", nil, "no progress line on stderr (shown only when stderr is a terminal)")

    package init(_ env: Environment, job: String, total: Int? = nil, quiet: Bool) {
        self.env = env
        self.job = job
        self.total = total
        enabled = env.stderrIsTerminal && !quiet
        started = enabled ? env.monotonic() : 0
        shownAt = started
    }

    package convenience init(_ env: Environment, job: String, total: Int? = nil, options: CommandLineOptions) {
        self.init(env, job: job, total: total, quiet: options.flag("--quiet"))
    }

    /// `count` more rows done.
    package func advance(_ count: Int = 1) {
        done += count
        tick()
    }

    /// `count` rows done in all.
    package func update(_ count: Int) {
        done = count
        tick()
    }

    private func tick() {
        guard enabled else { return }
        let now = env.monotonic()
        guard now - shownAt >= 1 else { return }
        shownAt = now
        shown = true
        env.stderr.write("\r\u{1B}[K" + line(elapsed: now - started))
    }

    /// The progress text after `elapsed` seconds.
    package func line(elapsed: Double) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        var text = "garden: \(job): \(Self.grouped(done))" + (total.map { " of \(Self.grouped($0))" } ?? "") + " rows, \(Self.grouped(Int(rate))) rows/s"
        var left: Double?
        if let total, rate > 0 { left = Double(max(0, total - done)) / rate }
        if left == nil, let share = share?(), share > 0 { left = elapsed * (1 - min(share, 1)) / share }
        if let left { text += ", \(Self.duration(left)) left" }
        return text
    }

    /// Clears the line (call when the job ends, before its report).
    package func finish() {
        if shown { env.stderr.write("\r\u{1B}[K") }
        shown = false
    }

    /// `1,234,567`.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// `42 s`, `3 min 5 s`, `2 h 10 min`.
    package static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        if s < 60 { return "\(s) s" }
        if s < 3_600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3_600) h \(s % 3_600 / 60) min"
    }
}
