import GardenCore

/// `garden resolve`: JSON lines in, JSON lines out, one output line per accepted input line, in order;
/// rejected lines reported on stderr as `garden: line N: <reason>`; exit 65 at the end if any line was
/// rejected. A closed stdout (`| head`) ends the run quietly.
enum ResolveCommand {
    static let usage = """
    usage: garden resolve [--lang pt|en] [--explain] [--threshold 0.60] [--rules FILE]... [--data DIR] [--no-user-rules] [FILE]
      Reads JSON lines (stdin, or FILE) and writes each line back with a "resolution" object added.
    """

    static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(arguments, valued: ["--lang", "--threshold", "--rules", "--data", "--utc-offset", "--jobs"],
                                             flags: ["--explain", "--no-user-rules", "--help", "-h"])
        } catch {
            env.complain("\(error)\n\(usage)")
            return Exit.usage
        }
        if options.flag("--help") || options.flag("-h") { env.stdout.write(usage + "\n"); return Exit.ok }
        let language: Language
        if let code = options.value("--lang") {
            guard let parsed = Language(code: code) else { env.complain("--lang must be pt or en, got \(code)"); return Exit.usage }
            language = parsed
        } else {
            language = .portuguese
        }
        let catalog: Catalog
        do { catalog = try env.loadCatalog(options) } catch { env.complain(error.description); return Exit.config }
        let pipeline: Pipeline
        do { pipeline = try env.pipeline(catalog, options) } catch { env.complain(error.description); return Exit.usage }
        var reader = TransactionReader()
        if let offset = options.value("--utc-offset") {
            guard let minutes = parseOffset(offset) else { env.complain("--utc-offset must look like -03:00, got \(offset)"); return Exit.usage }
            reader.utcOffsetMinutes = minutes
        }
        let resolver = LineResolver(pipeline: pipeline, writer: ResolutionWriter(taxonomy: catalog.taxonomy, language: language,
                                                                                 includeTrace: options.flag("--explain")), reader: reader)
        var input: ByteInput = env.stdin
        if let path = options.positional.first {
            guard let file = openFile(path) else { env.complain("cannot open \(path)"); return Exit.noInput }
            input = file
        }
        return stream(input: input, resolver: resolver, env: env)
    }

    static func stream(input: ByteInput, resolver: LineResolver, env: Environment) -> Int32 {
        let lines = LineReader(input)
        let out = BufferedOutput(env.stdout)
        var rejected = 0
        while let (number, line) = lines.next() {
            switch line {
            case .tooLong:
                rejected += 1
                env.complain("line \(number): longer than 1 MiB")
            case .text(let bytes):
                switch resolver.process(bytes) {
                case .resolved(let output): out.append(output)
                case .rejected(let reason):
                    rejected += 1
                    env.complain("line \(number): \(reason)")
                case .empty: continue
                }
            }
            if out.closed { return Exit.ok }
        }
        out.flush()
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
