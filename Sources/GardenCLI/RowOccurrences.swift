import GardenFoundation
import GardenCommandKit

/// Counts identical rows without an `id` in one input, in input order: the n-th identical row is a
/// different purchase (two coffees of R$ 4,50 on one day) and gets occurrence n, while the same input
/// read again gets the same numbers, so re-recording it adds nothing.
///
/// Memory is bounded: the last ``window`` distinct rows are remembered, so identical rows further apart
/// than that in one input are counted as one (bank exports list a day's rows together).
final class RowOccurrences {
    static let window = RecentCounts.window

    private var counts = RecentCounts()

    /// The occurrence of the row whose content id (``Pipeline/rowID(_:)`` of its first occurrence) is `rowID`.
    func occurrence(of rowID: String) -> Int {
        guard let key = UInt64(rowID.dropFirst(), radix: 16) else { return 1 }
        return counts.add(key)
    }
}
