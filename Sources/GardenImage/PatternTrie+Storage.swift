import GardenFoundation

/// The frozen automaton written to and read from a compiled catalog (``CompiledCatalog``): its flat
/// arrays are copied as they are, so loading costs a few memory copies instead of a build. Only their
/// lengths are checked on reading: the image's checksum stands for the rest.
extension PatternTrie {
    package func write(to out: inout BinaryWriter) {
        out.integer(Int64(entryCount))
        for array in [edgeStart, edgeTarget, rootTable, terminalStart, terminals, entryGroup] + soleEntryBelow { out.array(array) }
        out.array(edgeCount)
        out.array(terminalCount)
        out.array(edgeByte)
        out.array(entryClass)
        out.array(terminalFlags.map(\.rawValue))
    }

    package init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        self.init(patterns: [])
        entryCount = Int(try input.int64())
        edgeStart = try input.array()
        edgeTarget = try input.array()
        rootTable = try input.array()
        terminalStart = try input.array()
        terminals = try input.array()
        entryGroup = try input.array()
        soleEntryBelow = [try input.array(), try input.array()]
        edgeCount = try input.array()
        terminalCount = try input.array()
        edgeByte = try input.array()
        entryClass = try input.array()
        terminalFlags = try input.array(UInt8.self).map(EntryFlags.init(rawValue:))
        let nodes = edgeStart.count
        guard rootTable.count == 256, edgeCount.count == nodes, terminalStart.count == nodes, terminalCount.count == nodes,
              soleEntryBelow.allSatisfy({ $0.count == nodes }), edgeByte.count == edgeTarget.count,
              terminalFlags.count == terminals.count, entryGroup.count == entryCount, entryClass.count == entryCount
        else { throw BinaryReader.Malformed() }
        // The arrays' contents are not walked here: the image's checksum vouches for them (``CompiledCatalog``).
        // The dense rows of the wide nodes are derived from the edges, not stored.
        buildDenseRows()
    }
}
