extension TradeNameModel {
    /// The `count` most probable categories of a folded merchant name (garden's `Descriptor.foldedName`: folded
    /// words split by single spaces), best first (by score; equal scores: the category listed first); empty for a
    /// name without a word. Probabilities: ``TradeNameScore/raw`` from the fixed-point softmax,
    /// ``TradeNameScore/perMille`` through the calibration table (`tools/tradenames/modelfile.py` has the
    /// arithmetic the converter shares).
    public func top(_ foldedName: String, count: Int = 3) -> [TradeNameScore] {
        var name = foldedName
        return name.withUTF8 { top(bytes: $0, count: count) }
    }

    /// ``top(_:count:)`` of a name's UTF-8 bytes.
    public func top(bytes name: UnsafeBufferPointer<UInt8>, count: Int = 3) -> [TradeNameScore] {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: TradeNameFeatures.capacity(forBytes: name.count) + 2 * stride) { scratch in
            let buckets = scratch.baseAddress!
            let found = TradeNameFeatures.buckets(of: name, bits: bucketBits, into: buckets)
            guard found > 0 else { return [] }
            // The class sums, after the buckets in the same scratch memory.
            let sums = buckets + found + (16 - found % 16) % 16
            sums.initialize(repeating: 0, count: stride)
            let weights = (storage.raw.baseAddress! + weightsOffset).assumingMemoryBound(to: Int8.self)
            for f in 0..<found {
                let row = weights + Int(buckets[f]) * stride
                for k in 0..<stride { sums[k] &+= Int32(row[k]) }
            }
            return ranked(sums, count: count)
        }
    }

    /// The best `count` classes of the feature sums `sums` (bias not yet added), with their probabilities.
    private func ranked(_ sums: UnsafeMutablePointer<Int32>, count: Int) -> [TradeNameScore] {
        let classes = categories.count
        var best = Int32.min
        for k in 0..<classes {
            sums[k] = bias[k] &+ sums[k]
            best = max(best, sums[k])
        }
        var total: UInt64 = 0
        let last = exponentials.count - 1
        for k in 0..<classes { total += exponentials[min(Int(best) - Int(sums[k]), last)] }
        var chosen: [TradeNameScore] = []
        chosen.reserveCapacity(min(count, classes))
        var previous = (score: Int32.max, index: -1)
        for _ in 0..<min(count, classes) {
            // The next best after `previous` in (score descending, index ascending) order.
            var pick = -1
            for k in 0..<classes {
                let after = sums[k] < previous.score || sums[k] == previous.score && k > previous.index
                if after && (pick < 0 || sums[k] > sums[pick]) { pick = k }
            }
            previous = (sums[pick], pick)
            let raw = UInt32((exponentials[min(Int(best) - Int(sums[pick]), last)] << 16) / total)
            chosen.append(TradeNameScore(category: categories[pick], raw: raw, perMille: calibrated(raw)))
        }
        return chosen
    }

    /// The calibration table's per mille for a raw Q16 probability: the last step whose floor is ≤ `raw`, 0 below.
    func calibrated(_ raw: UInt32) -> Int {
        var low = 0, high = calibrationFloors.count
        while low < high {
            let middle = (low + high) / 2
            if calibrationFloors[middle] <= raw { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : calibrationValues[low - 1]
    }
}
