import GardenFoundation
import GardenEngine
import GardenStore
import GardenCommandKit
import GardenLedger

/// `garden resolve`: JSON lines in, JSON lines out, one output line per accepted input line, in order;
/// rejected lines reported on stderr as `garden: line N: <reason>`; exit 65 at the end if any line was
/// rejected. A closed stdout (`| head`) ends the run quietly.
enum ResolveCommand: Command {
    typealias Group = CommandOption.Group
    static let name = "resolve"
    static let arguments = "[FILE]"
    static let summary = "JSON lines in, JSON lines out with \"resolution\" added (the main job)"
    static let about = """
    Reads JSON lines (stdin, or FILE) and writes each line back with a "resolution" object added.
    Learned state (rules, overrides, memory, model) is read from the store when it exists.
    A CNPJ in a row is looked up in the company registry when one was imported (garden registry import).
    """
    static let options = [
        Group.language,
        CommandOption("--explain", nil, "add \"descriptor\" and \"trace\" to each resolution"),
    ] + Group.data + [
        CommandOption("--utc-offset", "-03:00", "the local date of UTC date-times"),
        CommandOption("--record", nil, "also upsert every row into the store's ledger (created on first use)"),
        CommandOption("--read-only", nil, "open the store (or a garden snapshot) immutable: nothing written or created beside it"),
        CommandOption("--redact", nil, "mask CPFs in the echoed input too (garden never adds one)"),
    ] + Group.store + Group.registry + [
        CommandOption("--jobs", "N", "resolve on N threads (default: the number of cores), output in input order"),
        CommandOption("--passthrough", nil, "only parse each line and write it back (the I/O limit, for benchmarks)"),
        Progress.quietOption,
        Group.verbose,
    ]
    static let maximumArguments: Int? = 1

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var env = env
        if options.flag("--record") && options.flag("--read-only") { throw CommandLineOptions.UsageError(description: "--record writes the store; --read-only never does") }
        let language = try CommandSupport.language(options, env)
        let session = try Session.open(env, options, access: options.flag("--record") ? .create : .read, recordsResolutions: options.flag("--record"))
        let catalog = session.catalog
        var pipeline = session.pipeline
        pipeline.recordsTrace = options.flag("--explain")
        // A line without a date is flagged only where it is recorded: the ledger's months cannot count it (hostile10 F25).
        pipeline.flagsUndatedRows = options.flag("--record")
        // --explain prints the identity beside the descriptor.
        pipeline.recordsMerchantKey = options.flag("--record") || options.flag("--explain")
        var reader = TransactionReader()
        if let offset = options.value("--utc-offset") {
            guard let minutes = parseOffset(offset) else { throw CommandLineOptions.UsageError(description: "--utc-offset must look like -03:00, got \(offset)") }
            reader.utcOffsetMinutes = minutes
        }
        var processor = RowProcessor(pipeline: pipeline, writer: ResolutionWriter(taxonomy: catalog.taxonomy, language: language,
                                                                                  includeTrace: options.flag("--explain")), reader: reader)
        processor.redact = options.flag("--redact")
        var input: ByteInput = env.stdin
        if let path = options.positional.first {
            guard let file = openFile(path) else { throw CommandSupport.Failure(code: Exit.noInput, message: openFailure(path)) }
            input = file
        }
        // The identity key is made (on first use) before the resolution state is read: the state covers the key, and a
        // key made after it would give every recorded row a fingerprint `recategorize` never gives it.
        let accountKey = try options.flag("--record") ? session.store.map { try $0.identityKey(create: true) } : nil
        let recorder = try options.flag("--record") ? session.store.map {
            LedgerSink(store: $0, session: session, env: env, options: options,
                       state: try ResolutionState(session, options, env, pipeline: pipeline, language: language, utcOffsetMinutes: reader.utcOffsetMinutes))
        } : nil
        // Recording a month on a terminal: the summary, not every row (issue 36); a pipe or --verbose gets the rows.
        if let recorder, env.stdoutIsTerminal, !options.flag("--verbose") {
            env.stdout = DiscardedOutput()
            recorder.rowsHidden = true
        }
        // A progress line for a long record (a terminal only), with the share of the input read.
        let counted = CountingInput(input)
        input = counted
        let progress = Progress(env, job: "resolve --record", quiet: options.flag("--quiet") || recorder == nil)
        progress.share = { counted.share }
        var ledgerWriter = RowProcessor(pipeline: pipeline, writer: ResolutionWriter(taxonomy: catalog.taxonomy, language: language), reader: reader)
        if recorder != nil {
            // The session refused a missing key the holder's documents were kept with; otherwise the key is made on first use (above).
            processor.accountKey = accountKey
            ledgerWriter.accountKey = accountKey
        }
        var jobs = ProcessInfoShim.processorCount
        if let text = options.value("--jobs") {
            guard let value = Int(text), value >= 1, value <= 256 else { throw CommandLineOptions.UsageError(description: "--jobs needs a number from 1 to 256, got \(text)") }
            jobs = value
        }
        if options.flag("--passthrough") { return PassThrough.stream(input: input, env: env) }
        let code = jobs > 1
            ? ParallelRowProcessor.stream(input: input, processor: processor, env: env, jobs: jobs, store: recorder, ledgerWriter: ledgerWriter, progress: progress)
            : stream(input: input, processor: processor, env: env, store: recorder, ledgerWriter: ledgerWriter, progress: progress)
        progress.finish()
        // The closing line of a record: what the ledger got.
        if let recorder, !options.flag("--quiet"), recorder.outcome != Store.RecordOutcome() || code == Exit.ok { env.complainComposed(recorder.summary(env.words)) }
        return code
    }

    static func stream(input: ByteInput, processor: RowProcessor, env: Environment, store: LedgerSink? = nil, ledgerWriter: RowProcessor? = nil,
                       progress: Progress? = nil) -> Int32 {
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
                progress?.finish()
                env.complain("line \(number): longer than 1 MiB")
            case .text(let bytes):
                let recording = store != nil
                switch out.appending({ processor.process(bytes, occurrence: occurrences.occurrence(of:), appendingTo: &$0, details: recording) }) {
                case .resolved(_, let details):
                    if let details {
                        pending.append(LedgerRecorder.row(details, processor: processor, plain: ledgerWriter))
                        if pending.count >= Store.chunkSize, let failure = flushLedger() { return failure }
                        progress?.advance()
                    }
                case .rejected(let reason):
                    rejected += 1
                    progress?.finish()
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
