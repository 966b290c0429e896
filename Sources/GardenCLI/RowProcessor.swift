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
    /// (``LedgerRecorder/accountMask(_:key:)``).
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
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .empty }
        switch reader.read(line) {
        case .failure(let reason): return .rejected(reason.description)
        case .success(let (doc, read)):
            var transaction = read
            if transaction.id == nil { transaction.occurrence = occurrence(Pipeline.rowID(transaction)) }
            let resolution = pipeline.resolve(transaction)
            var json = JSONWriter(capacity: 512)
            writer.write(resolution, into: &json)
            var out: [UInt8] = []
            out.reserveCapacity(line.count + json.bytes.count + 16)
            let echoed = redact ? LedgerRecorder.masked(doc, bareDigits: resolution.merchant.document?.hasPrefix("•") ?? false) ?? doc : doc
            JSONSplice.replacingMember("resolution", in: echoed, with: json.bytes, into: &out)
            out.append(0x0A)
            return .resolved(out, Details(doc: doc, transaction: transaction, resolution: resolution, json: json.bytes))
        }
    }
}

extension RowProcessor.Outcome {
    public var isRejected: Bool { if case .rejected = self { return true }; return false }
}
