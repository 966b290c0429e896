import GardenFoundation
import GardenEngine
import GardenCommandKit

/// Turns one input line into one output line (the input's bytes with `resolution` set), or the
/// reason the line is rejected. Pure: safe to call from several threads.
public struct RowProcessor: Sendable {
    public let pipeline: Pipeline
    public let writer: ResolutionWriter
    public let reader: RowReader
    /// `resolve --redact`: CPFs in the echoed input line are masked too (as in the ledger).
    public var redact = false
    /// `resolve --record`: the store's identity key, which keeps CPF-shaped accounts apart in the ledger
    /// (``AccountName/masked(_:key:)``).
    public var accountKey: [UInt8]?

    public init(pipeline: Pipeline, writer: ResolutionWriter, reader: TransactionReader = TransactionReader()) {
        self.pipeline = pipeline
        self.writer = writer
        self.reader = RowReader(reader)
    }

    /// The outcome for one line.
    public enum Outcome {
        /// The output line, newline included, and what made it.
        case resolved([UInt8], Details)
        /// The reason, for `garden: line N: <reason>`.
        case rejected(String)
        case empty
    }

    /// What produced an output line, for recording it in the ledger.
    public struct Details {
        public var doc: JSONDocument
        public var transaction: Transaction
        public var resolution: Resolution
        /// The `resolution` object as written.
        public var json: [UInt8]
    }

    /// Parses, reads, resolves and renders one line. `occurrence` numbers a row without an `id` from
    /// its content id (``RowOccurrences``); by default every row is a first occurrence.
    public func process(_ line: [UInt8], occurrence: (String) -> Int = { _ in 1 }) -> Outcome {
        var out: [UInt8] = []
        out.reserveCapacity(line.count + 528)
        switch process(line, occurrence: occurrence, appendingTo: &out, details: true) {
        case .resolved(_, let details): return .resolved(out, details!)
        case .rejected(let reason): return .rejected(reason)
        case .empty: return .empty
        }
    }

    /// What ``process(_:occurrence:appendingTo:details:)`` did with a line.
    public enum Appended {
        /// The output line was appended. `idless`: the row's id when its input has no `id` (a content hash, which
        /// ``RowOccurrences`` numbers); `details` when they were asked for.
        case resolved(idless: String?, details: Details?)
        /// The reason, for `garden: line N: <reason>`; nothing was appended.
        case rejected(String)
        case empty
    }

    /// ``process(_:occurrence:)`` writing the output line, newline included, straight into `out` (the batch's or the
    /// stream's buffer: no array a line, and the `resolution` object is written in place); the ``Details`` (a copy of
    /// the row's reading and resolution, for the ledger) are made only when `details` is set.
    public func process(_ line: [UInt8], occurrence: (String) -> Int = { _ in 1 }, appendingTo out: inout [UInt8], details: Bool) -> Appended {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .empty }
        switch reader.read(line) {
        case .failure(let reason): return .rejected(reason.description)
        case .success(let (doc, read)):
            var transaction = read
            let hasID = transaction.id != nil
            if !hasID { transaction.occurrence = occurrence(Pipeline.rowID(transaction)) }
            // Kept only for the details; otherwise the transaction moves into the pipeline.
            let kept = details ? transaction : nil
            let resolution = pipeline.resolve(transaction)
            let echoed = redact ? LedgerRecorder.masked(doc, bareDigits: resolution.merchant.document?.hasPrefix("•") ?? false) ?? doc : doc
            var written = 0..<0
            JSONSplice.replacingMember("resolution", in: echoed, into: &out) { out in
                var json = JSONWriter(capacity: 0)
                swap(&json.bytes, &out)
                let start = json.bytes.count
                writer.write(resolution, into: &json)
                written = start..<json.bytes.count
                swap(&json.bytes, &out)
            }
            out.append(0x0A)
            let idless = hasID ? nil : resolution.rowID
            guard let kept else { return .resolved(idless: idless, details: nil) }
            return .resolved(idless: idless, details: Details(doc: doc, transaction: kept, resolution: resolution, json: Array(out[written])))
        }
    }
}

extension RowProcessor.Outcome {
    public var isRejected: Bool { if case .rejected = self { return true }; return false }
}
