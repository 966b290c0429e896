import Dispatch
import GardenCore
import GardenStore

/// `resolve --jobs N`: lines are read in batches, resolved on N threads, and written in input order,
/// with rejections reported in order too. Memory stays bounded: at most `jobs × 2` batches are in flight.
enum ParallelResolver {
    /// Lines per batch.
    static let batchSize = 2_048

    struct BatchResult {
        var output: [UInt8] = []
        var errors: [String] = []
        var rejected = 0
        var ledger: [LedgerRow] = []
    }

    final class Slots: @unchecked Sendable {
        var results: [BatchResult]
        init(_ count: Int) { results = Array(repeating: BatchResult(), count: count) }
    }

    static func stream(input: ByteInput, resolver: LineResolver, env: Environment, jobs: Int, store: Store?, ledgerWriter: LineResolver?) -> Int32 {
        let lines = LineReader(input)
        let out = BufferedOutput(env.stdout)
        lines.willWait = { out.flush() }
        var rejected = 0
        var exhausted = false
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
                var result = BatchResult()
                result.output.reserveCapacity(work[index].count * 400)
                for (number, line) in work[index] {
                    switch line {
                    case .tooLong:
                        result.rejected += 1
                        result.errors.append("line \(number): longer than 1 MiB")
                    case .text(let bytes):
                        switch resolver.process(bytes) {
                        case .resolved(let output, let details):
                            result.output.append(contentsOf: output)
                            if recording {
                                var json = details.json
                                if resolver.writer.includeTrace, let plain = ledgerWriter {
                                    var w = JSONWriter(capacity: 512)
                                    plain.writer.write(details.resolution, into: &w)
                                    json = w.bytes
                                }
                                result.ledger.append(LedgerRecorder.row(doc: details.doc, transaction: details.transaction,
                                                                        resolution: details.resolution, resolutionJSON: json))
                            }
                        case .rejected(let reason):
                            result.rejected += 1
                            result.errors.append("line \(number): \(reason)")
                        case .empty:
                            continue
                        }
                    }
                }
                slots.results[index] = result
            }
            for result in slots.results {
                // Errors and data keep the input order: a batch's errors, then its lines.
                for error in result.errors { env.complain(error) }
                rejected += result.rejected
                out.append(result.output)
                if let store, !result.ledger.isEmpty {
                    do { try store.record(result.ledger) } catch { env.complain("recording into the ledger failed: \(error)"); return Exit.ioError }
                }
                if out.closed { return Exit.ok }
            }
        }
        out.flush()
        store?.checkpoint()
        if lines.readError { env.complain("error reading input"); return Exit.ioError }
        return rejected > 0 ? Exit.dataError : Exit.ok
    }
}
