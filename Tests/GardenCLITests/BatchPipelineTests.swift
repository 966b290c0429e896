import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// The `--jobs N` hand-off: results come back under their batch's number whatever order the workers
/// finish in, output buffers are reused, and closing stops the workers.
struct BatchPipelineTests {
    @Test(arguments: [1, 2, 3])
    func resultsComeBackInInputOrder(workers: Int) {
        // With two workers or more, batch 0 waits at a gate that batch 1 opens when it is done, so the workers
        // finish them out of order (no clock: with one worker batch 1 opens a gate nobody waits at).
        let gate = DispatchSemaphore(value: 0)
        let pipeline = BatchPipeline<Int, [UInt8]>(workers: workers) { batch, buffer in
            if batch == 0 && workers > 1 { gate.wait() }
            defer { if batch == 1 { gate.signal() } }
            var output = buffer
            output.append(UInt8(batch))
            return output
        }
        for number in 0..<8 { pipeline.submit(number, number) }
        var seen: [UInt8] = []
        for number in 0..<8 {
            let output = pipeline.result(number)
            #expect(output == [UInt8(number)], "a recycled buffer must come back empty")
            seen += output
            pipeline.recycle(output)
        }
        pipeline.close()
        #expect(seen == Array(0..<8))
    }

    @Test func closeDropsQueuedBatches() {
        let started = NSLock()
        nonisolated(unsafe) var resolved = 0
        let pipeline = BatchPipeline<Int, Int>(workers: 1) { batch, _ in
            started.lock(); resolved += 1; started.unlock()
            return batch
        }
        pipeline.submit(0, 0)
        #expect(pipeline.result(0) == 0)
        pipeline.close()
        pipeline.submit(1, 1)
        started.lock(); let count = resolved; started.unlock()
        #expect(count == 1)
    }
}
