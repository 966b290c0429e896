import GardenCore
import GardenStore

/// `garden resolve`: JSON lines in, JSON lines out, one output line per accepted input line, in order;
/// rejected lines reported on stderr as `garden: line N: <reason>`; exit 65 at the end if any line was
/// rejected. A closed stdout (`| head`) ends the run quietly.
enum ResolveCommand {
    static let usage = """
    usage: garden resolve [--lang pt|en] [--explain] [--threshold 0.60] [--rules FILE]... [--data DIR] [--no-user-rules]
                          [--record | --read-only] [--redact] [--db PATH] [--registry PATH] [--chain-threshold N] [--jobs N] [FILE]
      Reads JSON lines (stdin, or FILE) and writes each line back with a "resolution" object added.
      Learned state (rules, overrides, memory, model) is read from the store when it exists;
      --record also upserts every row into its ledger (created on first use).
      --read-only opens the store (or a garden snapshot) immutable: nothing is written or created beside it.
      --redact masks CPFs in the echoed input too (garden never adds one; by default it echoes the line as given).
      A CNPJ in a row is looked up in the company registry when one was imported (garden registry import);
      --chain-threshold N active establishments of one root make a chain (default 10).
      --jobs N resolves on N threads (default: the number of cores), output in input order.
      --passthrough only parses each line and writes it back (the I/O limit, for benchmarks).
    """

    static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(arguments, valued: ["--lang", "--threshold", "--rules", "--data", "--utc-offset", "--jobs", "--db", "--registry", "--chain-threshold"],
                                             flags: ["--explain", "--no-user-rules", "--help", "-h", "--record", "--passthrough", "--redact", "--read-only"])
            try options.rejectPositional("garden resolve", beyond: 1)
        } catch {
            env.complain("\(error)\n\(usage)")
            return Exit.usage
        }
        if options.flag("--help") || options.flag("-h") { env.stdout.write(usage + "\n"); return Exit.ok }
        if options.flag("--record") && options.flag("--read-only") { env.complain("--record writes the store; --read-only never does\n\(usage)"); return Exit.usage }
        let language: Language
        do { language = try CommandSupport.language(options) } catch { env.complain(error.description); return Exit.usage }
        var opened: Session?
        let failure = CommandSupport.run(env) {
            opened = try Session.open(env, options, access: options.flag("--record") ? .create : .read)
            return Exit.ok
        }
        guard let session = opened else { return failure }
        let catalog = session.catalog
        var pipeline = session.pipeline
        pipeline.recordsTrace = options.flag("--explain")
        pipeline.recordsMerchantKey = options.flag("--record")
        var reader = TransactionReader()
        if let offset = options.value("--utc-offset") {
            guard let minutes = parseOffset(offset) else { env.complain("--utc-offset must look like -03:00, got \(offset)"); return Exit.usage }
            reader.utcOffsetMinutes = minutes
        }
        var processor = RowProcessor(pipeline: pipeline, writer: ResolutionWriter(taxonomy: catalog.taxonomy, language: language,
                                                                                 includeTrace: options.flag("--explain")), reader: reader)
        processor.redact = options.flag("--redact")
        var input: ByteInput = env.stdin
        if let path = options.positional.first {
            guard let file = openFile(path) else { env.complain(openFailure(path)); return Exit.noInput }
            input = file
        }
        let recorder = options.flag("--record") ? session.store.map { LedgerSink(store: $0, session: session, env: env, options: options) } : nil
        let ledgerWriter = RowProcessor(pipeline: pipeline, writer: ResolutionWriter(taxonomy: catalog.taxonomy, language: language), reader: reader)
        var jobs = ProcessInfoShim.processorCount
        if let text = options.value("--jobs") {
            guard let value = Int(text), value >= 1, value <= 256 else { env.complain("--jobs needs a number from 1 to 256, got \(text)"); return Exit.usage }
            jobs = value
        }
        if options.flag("--passthrough") { return PassThrough.stream(input: input, env: env) }
        if jobs > 1 {
            return ParallelRowProcessor.stream(input: input, processor: processor, env: env, jobs: jobs, store: recorder, ledgerWriter: ledgerWriter)
        }
        return stream(input: input, processor: processor, env: env, store: recorder, ledgerWriter: ledgerWriter)
    }

    static func stream(input: ByteInput, processor: RowProcessor, env: Environment, store: LedgerSink? = nil, ledgerWriter: RowProcessor? = nil) -> Int32 {
        let lines = LineReader(input)
        let out = BufferedOutput(env.stdout)
        lines.willWait = { out.flush() }
        var rejected = 0
        var pending: [LedgerRow] = []
        let occurrences = RowOccurrences()
        func flushLedger() -> Int32? {
            guard let store else { return nil }
            defer { pending.removeAll(keepingCapacity: true) }
            return store.write(pending, env)
        }
        while let (number, line) = lines.next() {
            switch line {
            case .tooLong:
                rejected += 1
                env.complain("line \(number): longer than 1 MiB")
            case .text(let bytes):
                switch processor.process(bytes, occurrence: occurrences.occurrence(of:)) {
                case .resolved(let output, let details):
                    out.append(output)
                    if store != nil {
                        pending.append(LedgerRecorder.row(details, processor: processor, plain: ledgerWriter))
                        if pending.count >= Store.chunkSize, let failure = flushLedger() { return failure }
                    }
                case .rejected(let reason):
                    rejected += 1
                    env.complain("line \(number): \(reason)")
                case .empty: continue
                }
            }
            if out.closed { return flushLedger() ?? Exit.ok }
        }
        out.flush()
        if let failure = flushLedger() { return failure }
        store?.store.checkpoint()
        if lines.readError { env.complain("error reading input"); return Exit.ioError }
        return rejected > 0 ? Exit.dataError : Exit.ok
    }

    static func parseOffset(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard b.count == 6, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"), b[3] == UInt8(ascii: ":"),
              let h = Int(String(decoding: b[1..<3], as: UTF8.self)), let m = Int(String(decoding: b[4..<6], as: UTF8.self)),
              h <= 14, m < 60 else { return nil }
        return (b[0] == UInt8(ascii: "-") ? -1 : 1) * (h * 60 + m)
    }
}
