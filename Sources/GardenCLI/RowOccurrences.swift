
/// Counts identical rows without an `id` in one input, in input order: the n-th identical row is a
/// different purchase (two coffees of R$ 4,50 on one day) and gets occurrence n, while the same input
/// read again gets the same numbers, so re-recording it adds nothing.
///
/// Memory is bounded: the last ``window`` distinct rows are remembered, so identical rows further apart
/// than that in one input are counted as one (bank exports list a day's rows together).
final class RowOccurrences {
    static let window = 1 << 18

    private var counts: [UInt64: Int32] = [:]
    private var ring: [UInt64] = []
    private var next = 0

    /// The occurrence of the row whose content id (``Pipeline/rowID(_:)`` of its first occurrence) is `rowID`.
    func occurrence(of rowID: String) -> Int {
        guard let key = UInt64(rowID.dropFirst(), radix: 16) else { return 1 }
        if let seen = counts[key] {
            counts[key] = seen + 1
            return Int(seen) + 1
        }
        if ring.count < Self.window {
            ring.append(key)
        } else {
            counts[ring[next]] = nil
            ring[next] = key
            next = (next + 1) % Self.window
        }
        counts[key] = 1
        return 1
    }
}
