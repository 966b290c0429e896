// The trade-name scorer's benchmark driver (bench/trade_names.sh compiles it with Sources/GardenTradeNames/*.swift
// into one optimised binary): maps the model, scores every line of a names file, prints the start-up time, the
// count and a digest of the answers (so the work cannot be optimised away); --no-score reads the names only.
import Foundation

@main
struct TradeNamesBench {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 || arguments.count == 4 && arguments[3] == "--no-score" else {
            FileHandle.standardError.write(Data("usage: trade_names_bench MODEL NAMES [--no-score]\n".utf8))
            exit(64)
        }
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let model = try TradeNameModel(contentsOf: arguments[1])
        clock_gettime(CLOCK_MONOTONIC, &end)
        let startup = Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
        let names = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n").map(String.init)
        var digest = 0
        for name in names where arguments.count == 3 {
            for score in model.top(name, count: 3) { digest = digest &* 31 &+ Int(score.raw) &+ score.perMille }
        }
        print("startup_ms \(String(format: "%.2f", startup)) names \(names.count) digest \(digest)")
    }
}
