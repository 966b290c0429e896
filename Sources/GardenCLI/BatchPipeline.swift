import Foundation
import GardenCommandKit

/// The hand-off between the reading and writing thread and the `--jobs N` workers: batches numbered in
/// input order go into a queue, N threads take them and put their results back under the same number, and
/// the writer takes the results in order. Unlike a round of batches resolved together and then written,
/// the writer reads and writes while the workers resolve, and a slow batch holds up no worker.
///
/// Output buffers of written batches are handed back (``recycle(_:)``) and reused by the workers, so a
/// batch's output (about 800 KB) is not mapped and faulted in afresh each time.
final class BatchPipeline<Batch: Sendable, Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [(number: Int, batch: Batch)] = []
    private var results: [Int: Result] = [:]
    private var spareBuffers: [[UInt8]] = []
    private var closed = false
    private let finished = DispatchGroup()

    /// Starts `workers` threads that turn each queued batch into a result with `work`, given a spare
    /// output buffer (empty, possibly with capacity) to fill.
    init(workers: Int, work: @escaping @Sendable (Batch, [UInt8]) -> Result) {
        for _ in 0..<workers {
            finished.enter()
            let thread = Thread { [self] in
                while let (number, batch, buffer) = take() {
                    let result = work(batch, buffer)
                    condition.lock()
                    results[number] = result
                    condition.broadcast()
                    condition.unlock()
                }
                finished.leave()
            }
            thread.start()
        }
    }

    /// The next queued batch and a spare buffer, waiting for one; nil once the pipeline is closed and empty.
    private func take() -> (Int, Batch, [UInt8])? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !closed { condition.wait() }
        guard !queue.isEmpty else { return nil }
        let (number, batch) = queue.removeFirst()
        return (number, batch, spareBuffers.popLast() ?? [])
    }

    /// Queues batch `number` (numbers run from 0 in input order).
    func submit(_ number: Int, _ batch: Batch) {
        condition.lock()
        queue.append((number, batch))
        condition.signal()
        condition.unlock()
    }

    /// The result of batch `number`, waiting until a worker has made it.
    func result(_ number: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while results[number] == nil { condition.wait() }
        return results.removeValue(forKey: number)!
    }

    /// Hands a written batch's output buffer back for reuse.
    func recycle(_ buffer: [UInt8]) {
        var buffer = buffer
        buffer.removeAll(keepingCapacity: true)
        condition.lock()
        spareBuffers.append(buffer)
        condition.unlock()
    }

    /// Drops the batches not yet taken and waits for the workers to finish the ones they hold and stop.
    func close() {
        condition.lock()
        closed = true
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
        finished.wait()
    }
}
