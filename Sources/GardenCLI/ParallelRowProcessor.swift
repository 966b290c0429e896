import GardenStore
import GardenLinking
import GardenCommandKit
import GardenLedger
import GardenFoundation

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
            guard n > 1, case .text(let bytes) = batch[entry.line].1 else { continue }
            output.append(contentsOf: result.output[copied..<entry.output.lowerBound])
            let mark = output.count
            guard case .resolved(_, let details) = processor.process(bytes, occurrence: { _ in n }, appendingTo: &output, details: entry.ledger != nil) else {
                output.removeSubrange(mark...)
                output.append(contentsOf: result.output[entry.output])
                copied = entry.output.upperBound
                continue
            }
            copied = entry.output.upperBound
            if let index = entry.ledger, let details { result.ledger[index] = LedgerRecorder.row(details, processor: processor, plain: ledgerWriter) }
        }
        guard copied > 0 else { return }
        output.append(contentsOf: result.output[copied...])
        result.output = output
    }

    /// Resolves one batch (on a worker thread): its output, errors and ledger rows, rows without an
    /// `id` numbered as first occurrences.
    static func resolve(_ batch: [(Int, LineReader.Line)], _ processor: RowProcessor, _ ledgerWriter: RowProcessor?, recording: Bool,
                        output: [UInt8] = []) -> BatchResult {
        var result = BatchResult(output: output)
        result.output.reserveCapacity(batch.count * 400)
        for (offset, (number, line)) in batch.enumerated() {
            switch line {
            case .tooLong:
                result.rejected += 1
                result.errors.append("line \(number): longer than 1 MiB")
            case .text(let bytes):
                let start = result.output.count
                switch processor.process(bytes, appendingTo: &result.output, details: recording) {
                case .resolved(let idless, let details):
                    if let idless {
                        result.idless.append(IdlessLine(line: offset, rowID: idless, output: start..<result.output.count,
                                                        ledger: recording ? result.ledger.count : nil))
                    }
                    if let details { result.ledger.append(LedgerRecorder.row(details, processor: processor, plain: ledgerWriter)) }
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

    static func stream(input: ByteInput, processor: RowProcessor, env: Environment, jobs: Int, store: LedgerSink?, ledgerWriter: RowProcessor?,
                       progress: Progress? = nil) -> Int32 {
        let lines = LineReader(input)
        let out = BufferedOutput(env.stdout)
        lines.willWait = { out.flush() }
        let recording = store != nil
        let pipeline = BatchPipeline<[(Int, LineReader.Line)], ([(Int, LineReader.Line)], BatchResult)>(workers: jobs) { batch, buffer in
            (batch, resolve(batch, processor, ledgerWriter, recording: recording, output: buffer))
        }
        defer { pipeline.close() }
        var rejected = 0
        var exhausted = false
        var submitted = 0
        // Set when a batch ended at a line too long: the batches in flight are written before reading on,
        // so its error is reported now, not after a rest of the line that may never end (`/dev/zero`).
        var draining = false
        let occurrences = RowOccurrences()
        for written in 0... {
            // Keep up to `jobs × 2` batches in flight, then write the oldest.
            while !exhausted && !draining && submitted - written < jobs * 2 {
                let batch = readBatch(lines)
                if case .tooLong? = batch.last?.1 { draining = true } else { exhausted = batch.count < batchSize }
                if batch.isEmpty { exhausted = true; break }
                pipeline.submit(submitted, batch)
                submitted += 1
            }
            if written + 1 >= submitted { draining = false }
            guard written < submitted else { break }
            var (batch, result) = pipeline.result(written)
            renumber(&result, batch, occurrences, processor, ledgerWriter)
            // Errors and data keep the input order: a batch's errors, then its lines.
            if !result.errors.isEmpty { progress?.finish() }
            for error in result.errors { env.complain(error) }
            rejected += result.rejected
            out.append(result.output)
            pipeline.recycle(result.output)
            if let store, let failure = store.write(result.ledger, env) { return failure }
            if store != nil { progress?.advance(result.ledger.count) }
            if out.closed { return Exit.ok }
        }
        out.flush()
        store?.store.checkpoint()
        if lines.readError { env.complain("error reading input"); return Exit.ioError }
        return rejected > 0 ? Exit.dataError : Exit.ok
    }

    /// Up to ``batchSize`` lines; fewer at the end of the input, or when the last is a line too long (whose
    /// error is then reported before the rest of that line is read).
    static func readBatch(_ lines: LineReader) -> [(Int, LineReader.Line)] {
        var batch: [(Int, LineReader.Line)] = []
        batch.reserveCapacity(batchSize)
        while batch.count < batchSize, let next = lines.next() {
            batch.append(next)
            if case .tooLong = next.1 { break }
        }
        return batch
    }
}
