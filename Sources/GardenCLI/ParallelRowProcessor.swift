import Dispatch
import GardenCore
import GardenStore

/// `resolve --jobs N`: lines are read in batches, resolved on N threads, and written in input order,
/// with rejections reported in order too. Memory stays bounded: at most `jobs × 2` batches are in flight.
enum ParallelRowProcessor {
    /// Lines per batch.
    static let batchSize = 2_048

    struct BatchResult {
        var output: [UInt8] = []
        var errors: [String] = []
        var rejected = 0
        var ledger: [LedgerRow] = []
        /// The resolved lines without an `id`, numbered as first occurrences until ``renumber``.
        var idless: [IdlessLine] = []
    }

    /// A resolved line without an `id`: its place in the batch, its row id as a first occurrence, its
    /// output bytes and its ledger row.
    struct IdlessLine {
        var line: Int
        var rowID: String
        var output: Range<Int>
        var ledger: Int?
    }

    /// Numbers the batch's rows without an `id` in input order (``RowOccurrences``); the rare repeated
    /// row is resolved again as its occurrence, its output and ledger row replaced.
    static func renumber(_ result: inout BatchResult, _ batch: [(Int, LineReader.Line)], _ occurrences: RowOccurrences,
                         _ processor: RowProcessor, _ ledgerWriter: RowProcessor?) {
        var output: [UInt8] = []
        var copied = 0
        for entry in result.idless {
            let n = occurrences.occurrence(of: entry.rowID)
            guard n > 1, case .text(let bytes) = batch[entry.line].1,
                  case .resolved(let line, let details) = processor.process(bytes, occurrence: { _ in n }) else { continue }
            output.append(contentsOf: result.output[copied..<entry.output.lowerBound])
            output.append(contentsOf: line)
            copied = entry.output.upperBound
            if let index = entry.ledger { result.ledger[index] = LedgerRecorder.row(details, processor: processor, plain: ledgerWriter) }
        }
        guard copied > 0 else { return }
        output.append(contentsOf: result.output[copied...])
        result.output = output
    }

    final class Slots: @unchecked Sendable {
        var results: [BatchResult]
        init(_ count: Int) { results = Array(repeating: BatchResult(), count: count) }
    }

    /// Resolves one batch (on a worker thread): its output, errors and ledger rows, rows without an
    /// `id` numbered as first occurrences.
    static func resolve(_ batch: [(Int, LineReader.Line)], _ processor: RowProcessor, _ ledgerWriter: RowProcessor?, recording: Bool) -> BatchResult {
        var result = BatchResult()
        result.output.reserveCapacity(batch.count * 400)
        for (offset, (number, line)) in batch.enumerated() {
            switch line {
            case .tooLong:
                result.rejected += 1
                result.errors.append("line \(number): longer than 1 MiB")
            case .text(let bytes):
                switch processor.process(bytes) {
                case .resolved(let output, let details):
                    result.output.append(contentsOf: output)
                    if details.transaction.id == nil {
                        result.idless.append(IdlessLine(line: offset, rowID: details.resolution.rowID,
                                                        output: (result.output.count - output.count)..<result.output.count,
                                                        ledger: recording ? result.ledger.count : nil))
                    }
                    if recording { result.ledger.append(LedgerRecorder.row(details, processor: processor, plain: ledgerWriter)) }
                case .rejected(let reason):
                    result.rejected += 1
                    result.errors.append("line \(number): \(reason)")
                case .empty:
                    continue
                }
            }
        }
        return result
    }

    static func stream(input: ByteInput, processor: RowProcessor, env: Environment, jobs: Int, store: LedgerSink?, ledgerWriter: RowProcessor?) -> Int32 {
        let lines = LineReader(input)
        let out = BufferedOutput(env.stdout)
        lines.willWait = { out.flush() }
        var rejected = 0
        var exhausted = false
        let occurrences = RowOccurrences()
        let inFlight = jobs * 2
        while !exhausted {
            // Read up to `inFlight` batches.
            var batches: [[(Int, LineReader.Line)]] = []
            while batches.count < inFlight {
                var batch: [(Int, LineReader.Line)] = []
                batch.reserveCapacity(batchSize)
                while batch.count < batchSize, let next = lines.next() { batch.append(next) }
                if batch.isEmpty { exhausted = true; break }
                batches.append(batch)
                if batch.count < batchSize { exhausted = true; break }
            }
            guard !batches.isEmpty else { break }
            let slots = Slots(batches.count)
            let work = batches
            let recording = store != nil
            DispatchQueue.concurrentPerform(iterations: work.count) { index in
                slots.results[index] = resolve(work[index], processor, ledgerWriter, recording: recording)
            }
            for (index, var result) in slots.results.enumerated() {
                renumber(&result, work[index], occurrences, processor, ledgerWriter)
                // Errors and data keep the input order: a batch's errors, then its lines.
                for error in result.errors { env.complain(error) }
                rejected += result.rejected
                out.append(result.output)
                if let store, let failure = store.write(result.ledger, env) { return failure }
                if out.closed { return Exit.ok }
            }
        }
        out.flush()
        store?.store.checkpoint()
        if lines.readError { env.complain("error reading input"); return Exit.ioError }
        return rejected > 0 ? Exit.dataError : Exit.ok
    }
}
