import GardenFoundation
import GardenCommandKit

/// `resolve --passthrough`: parses each line as JSON and writes it back with an empty `resolution`,
/// without resolving: the input/output limit of this design, which the benchmark compares against.
enum PassThrough {
    static func stream(input: ByteInput, env: Environment) -> Int32 {
        let lines = LineReader(input)
        let out = BufferedOutput(env.stdout)
        lines.willWait = { out.flush() }
        var rejected = 0
        let empty = Array("{}".utf8)
        var buffer: [UInt8] = []
        while let (number, line) = lines.next() {
            guard case .text(let bytes) = line else { rejected += 1; env.complain("line \(number): longer than 1 MiB"); continue }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard let doc = try? JSONScanner.parse(bytes), doc[doc.root].kind == .object else {
                rejected += 1
                env.complain("line \(number): not a JSON object")
                continue
            }
            buffer.removeAll(keepingCapacity: true)
            JSONSplice.replacingMember("resolution", in: doc, with: empty, into: &buffer)
            buffer.append(0x0A)
            out.append(buffer)
            if out.closed { return Exit.ok }
        }
        out.flush()
        return rejected > 0 ? Exit.dataError : Exit.ok
    }
}
