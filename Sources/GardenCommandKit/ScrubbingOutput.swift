import GardenFoundation

/// An output that masks every CPF in what passes through it (``CPFScrubber``): what the store commands
/// print (teach samples, explain, rule listings, the history) never shows a CPF, whatever the row,
/// the rule or the argument held. Each write is masked whole (the commands write whole lines).
package final class ScrubbingOutput: ByteOutput {
    package let sink: ByteOutput

    package init(_ sink: ByteOutput) { self.sink = sink }

    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        let masked = CPFScrubber.scrub(text, plainDigits: false)
        if masked == text { return sink.write(bytes) }
        return sink.write(Array(masked.utf8))
    }
}
