/// How many times each 64-bit key was seen, over the last ``window`` distinct keys only: memory stays
/// bounded however long the input (a key not seen for that long is forgotten and counts from 1 again).
/// Used to number identical rows of one input (`resolve`'s row occurrences, `garden import`'s ids), where
/// identical rows lie close together (a bank export lists a day's rows together).
public struct RecentCounts: Sendable {
    /// The distinct keys remembered: 262,144 (about 10 MB).
    public static let window = 1 << 18

    private var counts: [UInt64: Int32] = [:]
    private var ring: [UInt64] = []
    private var next = 0

    public init() {}

    /// Counts one more sighting of `key` and returns its count (1 the first time).
    public mutating func add(_ key: UInt64) -> Int {
        if let seen = counts[key] {
            counts[key] = seen &+ 1
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
