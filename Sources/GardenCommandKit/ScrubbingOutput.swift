import GardenFoundation

/// An output that masks every CPF in what passes through it (``CPFScrubber``): what the store commands
/// print (teach samples, explain, rule listings, the history) never shows a CPF, whatever the row,
/// the rule or the argument held. Each write is masked whole (the commands write whole lines).
package final class ScrubbingOutput: ByteOutput {
    package let sink: ByteOutput

    package init(_ sink: ByteOutput) { self.sink = sink }

    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        let masked = Self.mask(text)
        if masked == text { return sink.write(bytes) }
        return sink.write(Array(masked.utf8))
    }

    /// The one masking step of what commands print: `text` with its personal numbers masked
    /// (``CPFScrubber/scrub(_:plainDigits:)``, 11 plain digits only when they are a CPF's). A command whose
    /// output is made of fields (`garden export`) masks each text field with it, never a composed line: an
    /// amount after an account named `conta` would read as an account number.
    package static func mask(_ text: String) -> String {
        CPFScrubber.scrub(text, plainDigits: false)
    }
}
